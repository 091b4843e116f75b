import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { DocumentEntity } from '../entities';
import { hydrateRows } from './hydrate-rows';
import { insertFromJson, insertNewFromJson } from './insert-from-json';

export interface DocumentFilter {
  connectorInstanceId?: string;
  state?: string;
  errorClass?: string;
  regime?: string;
  dateFrom?: string;
  dateTo?: string;
  docNumber?: string;
  /** An invoice number's beginning (any case), a buyer GSTIN / VAT number, or an IRN. */
  search?: string;
  limit: number;
  offset: number;
}

/** What a list shows of a document beside its submission: number, buyer, amount. */
export interface DocumentListing {
  id: string;
  docNumber: string | null;
  docDate: string | null;
  buyerName: string | null;
  buyerTaxId: string | null;
  invoiceTotal: string | null;
  currency: string | null;
  /** Where the ERP's record came from: a CSV file and its rows, a webhook item, a voucher. */
  sourceRef: string | null;
}

@Injectable()
export class DocumentRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The instance's documents among `erpIds`, locked for the transaction (when it runs in one). */
  findManyByErpIds(
    connectorInstanceId: string,
    erpIds: string[],
    manager: EntityManager,
  ): Promise<DocumentEntity[]> {
    if (erpIds.length === 0) return Promise.resolve([]);
    return manager.find(DocumentEntity, {
      where: { connectorInstanceId, erpId: In(erpIds) },
      lock: manager.queryRunner ? { mode: 'pessimistic_write' } : undefined,
    });
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<DocumentEntity | null> {
    return manager.findOneBy(DocumentEntity, { id });
  }

  async findByIds(
    ids: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<DocumentEntity[]> {
    if (ids.length === 0) return [];
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT * FROM document WHERE id = ANY($1::uuid[])`,
      [[...ids]],
    );
    return hydrateRows(this.dataSource, DocumentEntity, rows, manager);
  }

  /**
   * The listing columns of `ids`, read without the payloads (one query for a whole page); an operator's
   * override of the buyer or the total is what the list shows.
   */
  async listings(ids: readonly string[]): Promise<DocumentListing[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(
      `SELECT id, doc_number AS "docNumber", to_char(doc_date, 'YYYY-MM-DD') AS "docDate",
              COALESCE(overrides->>'buyer.legalName', canonical->'buyer'->>'legalName') AS "buyerName",
              COALESCE(overrides->>'buyer.gstin', overrides->>'buyer.vatNumber', buyer_tax_id) AS "buyerTaxId",
              COALESCE(overrides->>'totals.invoiceTotal', canonical->'totals'->>'invoiceTotal') AS "invoiceTotal",
              COALESCE(overrides->>'currency', canonical->>'currency') AS currency,
              source_ref AS "sourceRef"
         FROM document WHERE id = ANY($1::uuid[])`,
      [[...ids]],
    );
  }

  async insert(document: Partial<DocumentEntity>, manager: EntityManager): Promise<DocumentEntity> {
    const entity = manager.create(DocumentEntity, document);
    return manager.save(entity);
  }

  /**
   * One multi-row INSERT of documents not yet known: a row whose (instance, ERP id) another transaction
   * stored meanwhile is left out, not an error. Returns the ids made for the rows (in their order) and
   * those actually inserted.
   */
  insertNew(
    rows: Partial<DocumentEntity>[],
    manager: EntityManager,
  ): Promise<{ ids: string[]; inserted: Set<string> }> {
    return insertNewFromJson(manager, DocumentEntity, rows, ['connectorInstanceId', 'erpId']);
  }

  /** One multi-row INSERT; returns the new ids in the order of the rows. */
  insertMany(rows: Partial<DocumentEntity>[], manager: EntityManager): Promise<string[]> {
    return insertFromJson(manager, DocumentEntity, rows);
  }

  async update(
    id: string,
    patch: Partial<DocumentEntity>,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    // TypeORM's update typing does not accept jsonb unknowns; the columns are declared on the entity.
    await manager.update(DocumentEntity, { id }, patch as never);
  }

  /** Documents matching the filter; state/error/regime filters look at the document's submissions. */
  async list(filter: DocumentFilter): Promise<{ items: DocumentEntity[]; total: number }> {
    const query = this.dataSource.manager
      .createQueryBuilder(DocumentEntity, 'd')
      .orderBy('d.createdAt', 'DESC')
      .addOrderBy('d.id', 'ASC')
      .take(filter.limit)
      .skip(filter.offset);
    if (filter.connectorInstanceId)
      query.andWhere('d.connector_instance_id = :ci', { ci: filter.connectorInstanceId });
    if (filter.dateFrom) query.andWhere('d.doc_date >= :from', { from: filter.dateFrom });
    if (filter.dateTo) query.andWhere('d.doc_date <= :to', { to: filter.dateTo });
    if (filter.docNumber) query.andWhere('d.doc_number = :no', { no: filter.docNumber });
    const search = filter.search?.trim();
    if (search) {
      query.andWhere(
        `(lower(d.doc_number) LIKE :prefix ESCAPE '\\' OR d.buyer_tax_id = :taxId
          OR EXISTS (SELECT 1 FROM submission si WHERE si.document_id = d.id AND si.irn = :irn AND si.irn IS NOT NULL))`,
        {
          prefix: `${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
          taxId: search.toUpperCase(),
          irn: search.toLowerCase(),
        },
      );
    }
    if (filter.state || filter.errorClass || filter.regime) {
      const conditions = ['s.document_id = d.id'];
      if (filter.state) conditions.push('s.state = :state');
      if (filter.errorClass) conditions.push('s.error_class = :errorClass');
      if (filter.regime) conditions.push('s.regime = :regime');
      query.andWhere(`EXISTS (SELECT 1 FROM submission s WHERE ${conditions.join(' AND ')})`, {
        state: filter.state,
        errorClass: filter.errorClass,
        regime: filter.regime,
      });
    }
    const [items, total] = await query.getManyAndCount();
    return { items, total };
  }
}
