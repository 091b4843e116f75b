/**
 * The names a provider gives the fields of a successful IRN answer. Seed 001 publishes catalog B's as
 * `Irn, AckNo, AckDate, signedInvoice, signedQRCode`; NIC's own IRP answers `AckDt`, `SignedInvoice`,
 * `SignedQRCode`, which a provider may pass through unchanged.
 */

/** The IRN's answer as the NIC IRP names its fields (the e-way bill fields when EwbDtls went with it). */
export interface NicIrnDetails {
  AckNo?: number | string;
  AckDt?: string;
  Irn?: string;
  SignedInvoice?: string;
  SignedQRCode?: string;
  Status?: string;
  EwbNo?: number | string | null;
  EwbDt?: string | null;
  EwbValidTill?: string | null;
}

export interface IrnAnswerFields {
  irn: string;
  ackNo: string;
  ackDate: string;
  signedInvoice: string;
  signedQrCode: string;
}

/** NIC's IRP names (catalog A, and catalog B providers that pass NIC's answer through). */
export const NIC_IRN_ANSWER_FIELDS: IrnAnswerFields = {
  irn: 'Irn',
  ackNo: 'AckNo',
  ackDate: 'AckDt',
  signedInvoice: 'SignedInvoice',
  signedQrCode: 'SignedQRCode',
};

/** The names seed 001 publishes for catalog B's generate answer. */
export const SEED_IRN_ANSWER_FIELDS: IrnAnswerFields = {
  irn: 'Irn',
  ackNo: 'AckNo',
  ackDate: 'AckDate',
  signedInvoice: 'signedInvoice',
  signedQrCode: 'signedQRCode',
};

/**
 * The answer in NIC's names, each field taken from the first of `accepted` that the answer carries; the
 * answer's other fields (Status, EwbNo, ...) are kept as they are.
 */
export function asNicIrnDetails(
  data: unknown,
  accepted: readonly IrnAnswerFields[],
): NicIrnDetails | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const answer = data as Record<string, unknown>;
  const pick = (field: keyof IrnAnswerFields): unknown => {
    for (const names of accepted) {
      const value = answer[names[field]];
      if (value !== undefined && value !== null && value !== '') return value;
    }
    return undefined;
  };
  return {
    ...(answer as NicIrnDetails),
    Irn: pick('irn') as string | undefined,
    AckNo: pick('ackNo') as number | string | undefined,
    AckDt: pick('ackDate') as string | undefined,
    SignedInvoice: pick('signedInvoice') as string | undefined,
    SignedQRCode: pick('signedQrCode') as string | undefined,
  };
}
