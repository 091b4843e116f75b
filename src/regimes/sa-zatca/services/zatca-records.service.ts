/**
 * What the API and the console read of the `sa-zatca` regime's storage: the EGS units (their credential
 * records, which the store opens; the views built from them leave the keys out) and the invoices signed
 * for a submission.
 */
import { Injectable } from '@nestjs/common';
import type { SignedDocument, SignedDocuments } from '../../../compliance';
import { type EgsCredentialRecord } from '../egs-credential-store';
import { PostgresEgsCredentialStore, PostgresZatcaChainStore, type SignedInvoiceView } from '../storage';

@Injectable()
export class ZatcaRecordsService implements SignedDocuments {
  constructor(
    private readonly credentials: PostgresEgsCredentialStore,
    private readonly chain: PostgresZatcaChainStore,
  ) {}

  egsUnits(): Promise<EgsCredentialRecord[]> {
    return this.credentials.list();
  }

  egsUnit(egsUnitId: string): Promise<EgsCredentialRecord | undefined> {
    return this.credentials.get(egsUnitId);
  }

  /** Every generation signed for the submission, oldest first, a rejected or superseded one included. */
  signedInvoices(submissionId: string): Promise<SignedInvoiceView[]> {
    return this.chain.listSigned(submissionId);
  }

  async latestAccepted(submissionId: string): Promise<SignedDocument | undefined> {
    const accepted = (await this.signedInvoices(submissionId)).filter(
      (signed) => !signed.rejectedAt && !signed.supersededAt,
    );
    const latest = accepted.at(-1);
    return latest && { signedXml: latest.signedXml, qr: latest.qr ?? undefined };
  }
}
