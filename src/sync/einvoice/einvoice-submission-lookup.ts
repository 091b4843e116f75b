/** Finds our in-einvoice submission for a document as the IRP names it (seller, type, number, date). */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DocumentEntity, SubmissionEntity } from '../../database/entities';
import { isoOfNicDate } from './irp-day';

export interface IrpDocumentKey {
  sellerGstin: string;
  docType: string;
  docNo: string;
  /** dd/mm/yyyy, as NIC writes DocDt. */
  docDate: string;
}

export interface FoundSubmission {
  submission: SubmissionEntity;
  document: Pick<DocumentEntity, 'id' | 'connectorInstanceId' | 'docNumber'>;
}

@Injectable()
export class EinvoiceSubmissionLookup {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The sales document with this key (of one connector instance when given) and its e-invoice submission. */
  async find(
    key: IrpDocumentKey,
    connectorInstanceId?: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FoundSubmission | undefined> {
    const isoDate = isoOfNicDate(key.docDate);
    if (!isoDate) return undefined;
    const rows: {
      submission_id: string;
      document_id: string;
      connector_instance_id: string;
      doc_number: string;
    }[] = await manager.query(
      `SELECT s.id AS submission_id, d.id AS document_id, d.connector_instance_id, d.doc_number
         FROM document d JOIN submission s ON s.document_id = d.id AND s.regime = 'in-einvoice'
         WHERE d.direction = 'sales' AND d.seller_tax_id = $1 AND d.doc_type = $2 AND d.doc_number = $3
           AND d.doc_date = $4::date AND ($5::uuid IS NULL OR d.connector_instance_id = $5::uuid)
         ORDER BY d.created_at LIMIT 1`,
      [key.sellerGstin, key.docType, key.docNo, isoDate, connectorInstanceId ?? null],
    );
    const row = rows[0];
    if (!row) return undefined;
    const submission = await manager.findOneBy(SubmissionEntity, { id: row.submission_id });
    if (!submission) return undefined;
    return {
      submission,
      document: {
        id: row.document_id,
        connectorInstanceId: row.connector_instance_id,
        docNumber: row.doc_number,
      },
    };
  }
}
