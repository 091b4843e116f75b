import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { SubmissionState } from '../../domain/submission-state';
import { SubmissionEntity } from '../entities';

export interface SubmissionFilter {
  ids?: string[];
  state?: string;
  states?: string[];
  regime?: string;
  errorClass?: string;
  connectorInstanceId?: string;
  dateFrom?: string;
  dateTo?: string;
  limit: number;
  offset: number;
}

export type SubmissionPatch = Partial<Omit<SubmissionEntity, 'id' | 'documentId' | 'regime' | 'createdAt'>>;

/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters at ~20 columns a row. */
const INSERT_CHUNK = 500;

@Injectable()
export class SubmissionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<SubmissionEntity | null> {
    return manager.findOneBy(SubmissionEntity, { id });
  }

  forDocument(
    documentId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity[]> {
    return manager.find(SubmissionEntity, { where: { documentId }, order: { regime: 'ASC' } });
  }

  forDocuments(documentIds: string[]): Promise<SubmissionEntity[]> {
    if (documentIds.length === 0) return Promise.resolve([]);
    return this.dataSource.manager.find(SubmissionEntity, { where: { documentId: In(documentIds) } });
  }

  async insert(submission: Partial<SubmissionEntity>, manager: EntityManager): Promise<SubmissionEntity> {
    return manager.save(manager.create(SubmissionEntity, submission));
  }

  /** One multi-row INSERT; returns the new ids in the order of `submissions`. */
  async insertMany(submissions: Partial<SubmissionEntity>[], manager: EntityManager): Promise<string[]> {
    if (submissions.length === 0) return [];
    const ids: string[] = [];
    for (let start = 0; start < submissions.length; start += INSERT_CHUNK) {
      const result = await manager.insert(
        SubmissionEntity,
        submissions.slice(start, start + INSERT_CHUNK) as never,
      );
      ids.push(...result.identifiers.map((identifier) => identifier.id as string));
    }
    return ids;
  }

  /**
   * Compare-and-set: moves the submission to `to` only if it is still in one of `from`. Returns the
   * updated row, or null when another process got there first. This is what makes every step safe to
   * run twice.
   */
  async transition(
    id: string,
    from: readonly SubmissionState[],
    to: SubmissionState,
    patch: SubmissionPatch,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity | null> {
    const result = await manager
      .createQueryBuilder()
      .update(SubmissionEntity)
      .set({ ...patch, state: to })
      .where('id = :id', { id })
      .andWhere('state IN (:...from)', { from })
      .returning('*')
      .execute();
    const rows = result.raw as Record<string, unknown>[];
    if (rows.length === 0) return null;
    return manager.create(SubmissionEntity, this.fromRaw(rows[0]));
  }

  /** Atomically claims a submission that is due for sending. */
  async claimForSubmit(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity | null> {
    const rows: Record<string, unknown>[] = await manager.query(
      `UPDATE submission SET state = $2, attempts = attempts + 1, submitting_since = now(), updated_at = now()
       WHERE id = $1 AND state IN ($3, $4) AND (next_attempt_at IS NULL OR next_attempt_at <= now())
       RETURNING *`,
      [id, SubmissionState.Submitting, SubmissionState.Ready, SubmissionState.Retry],
    );
    const row = Array.isArray(rows[0]) ? (rows[0] as Record<string, unknown>[])[0] : rows[0];
    return row ? manager.create(SubmissionEntity, this.fromRaw(row)) : null;
  }

  /** Submissions the sweep should (re)enqueue: work waiting in a state a job moves on. */
  async findActionable(limit: number): Promise<Pick<SubmissionEntity, 'id' | 'state'>[]> {
    const rows: { id: string; state: SubmissionState }[] = await this.dataSource.query(
      `SELECT id, state FROM submission
       WHERE state IN ('RECEIVED', 'READY', 'REGISTERED', 'WRITEBACK_PENDING')
          OR (state = 'RETRY' AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
       ORDER BY updated_at ASC LIMIT $1`,
      [limit],
    );
    return rows;
  }

  /** SUBMITTING for longer than the lease: the process that held it died mid-call. */
  async releaseStale(leaseSeconds: number): Promise<SubmissionEntity[]> {
    const rows: Record<string, unknown>[][] = await this.dataSource.query(
      `UPDATE submission SET state = 'RETRY', outcome_unknown = true, next_attempt_at = now(),
         error_class = 'unknown-outcome', error_message = 'worker stopped while submitting; will look up before resending',
         updated_at = now()
       WHERE state = 'SUBMITTING' AND submitting_since < now() - make_interval(secs => $1)
       RETURNING *`,
      [leaseSeconds],
    );
    const list = Array.isArray(rows[0]) ? rows[0] : (rows as unknown as Record<string, unknown>[]);
    return list.map((row) => this.dataSource.manager.create(SubmissionEntity, this.fromRaw(row)));
  }

  async list(filter: SubmissionFilter): Promise<{ items: SubmissionEntity[]; total: number }> {
    const query = this.dataSource.manager
      .createQueryBuilder(SubmissionEntity, 's')
      .innerJoin('document', 'd', 'd.id = s.document_id')
      .orderBy('s.updatedAt', 'DESC')
      .addOrderBy('s.id', 'ASC')
      .take(filter.limit)
      .skip(filter.offset);
    if (filter.ids?.length) query.andWhere('s.id IN (:...ids)', { ids: filter.ids });
    if (filter.state) query.andWhere('s.state = :state', { state: filter.state });
    if (filter.states?.length) query.andWhere('s.state IN (:...states)', { states: filter.states });
    if (filter.regime) query.andWhere('s.regime = :regime', { regime: filter.regime });
    if (filter.errorClass) query.andWhere('s.error_class = :ec', { ec: filter.errorClass });
    if (filter.connectorInstanceId)
      query.andWhere('d.connector_instance_id = :ci', { ci: filter.connectorInstanceId });
    if (filter.dateFrom) query.andWhere('d.doc_date >= :from', { from: filter.dateFrom });
    if (filter.dateTo) query.andWhere('d.doc_date <= :to', { to: filter.dateTo });
    const [items, total] = await query.getManyAndCount();
    return { items, total };
  }

  /** Maps a raw snake_case row to entity property names using TypeORM's metadata. */
  private fromRaw(row: Record<string, unknown>): Partial<SubmissionEntity> {
    const metadata = this.dataSource.getMetadata(SubmissionEntity);
    const out: Record<string, unknown> = {};
    for (const column of metadata.columns) {
      if (column.databaseName in row) out[column.propertyName] = row[column.databaseName];
    }
    return out;
  }
}
