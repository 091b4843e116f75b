/** Finds our in-einvoice submission for a document as the IRP names it (seller, type, number, date). */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DocumentEntity, SubmissionEntity } from '../../../database/entities';
import { SubmissionRepository } from '../../../database/repositories';
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
  constructor(private readonly submissions: SubmissionRepository) {}

  /** The sales document with this key (of one connector instance when given) and its e-invoice submission. */
  async find(
    key: IrpDocumentKey,
    connectorInstanceId?: string,
    manager?: EntityManager,
  ): Promise<FoundSubmission | undefined> {
    const isoDate = isoOfNicDate(key.docDate);
    if (!isoDate) return undefined;
    const found = await this.submissions.ofSalesDocument(
      'in-einvoice',
      { ...key, isoDate },
      connectorInstanceId,
      manager,
    );
    if (!found) return undefined;
    return {
      submission: found.submission,
      document: {
        id: found.documentId,
        connectorInstanceId: found.connectorInstanceId,
        docNumber: found.docNumber,
      },
    };
  }
}
