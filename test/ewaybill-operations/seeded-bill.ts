/**
 * An e-way bill generated at the sandbox's "now" from the captured NIC request (Part-A only without a
 * vehicle), seeded as a submission of the `books` instance in `state` (REGISTERED by default): what the
 * operation tests, over the API and from the console, start from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { RunningSandbox } from '@erp-connector/sandbox';
import type {
  CatalogAEwaybillClient,
  EwaybillGenerated,
  EwaybillGenerateRequest,
} from '../../src/regimes/in-ewaybill';
import { todayIst, uniqueDocNo } from '../einvoice/nic-invoice.fixture';

export const CAPTURED_GENERATE = (
  JSON.parse(readFileSync(join(__dirname, '../fixtures/ewaybill/nic-ewaybill-captures.json'), 'utf8')) as {
    generate: { request: EwaybillGenerateRequest };
  }
).generate.request;

export interface SeededBill {
  submissionId: string;
  documentId: string;
  docNo: string;
  generated: EwaybillGenerated;
}

export async function seedBill(
  at: { db: DataSource; generator: CatalogAEwaybillClient; sandbox: RunningSandbox; seller: string },
  options: { docPrefix: string; distanceKm?: number; partAOnly?: boolean; state?: string },
): Promise<SeededBill> {
  const request: EwaybillGenerateRequest = {
    ...CAPTURED_GENERATE,
    userGstin: at.seller,
    fromGstin: at.seller,
    fromStateCode: 29,
    actFromStateCode: 29,
    fromPincode: 560001,
    docNo: uniqueDocNo(options.docPrefix),
    docDate: todayIst(at.sandbox.clock.nowMs()),
    transDistance: options.distanceKm ?? 150,
  };
  if (options.partAOnly) {
    delete request.vehicleNo;
    delete request.transMode;
  }
  const generated = await at.generator.generate(request);
  const [instance] = await at.db.query<{ id: string }[]>(
    `SELECT id FROM connector_instance WHERE name = 'books'`,
  );
  const [document] = await at.db.query<{ id: string }[]>(
    `INSERT INTO document (connector_instance_id, erp_id, direction, doc_type, doc_number, content_hash)
     VALUES ($1, $2, 'sales', 'INV', $2, 'h') RETURNING id`,
    [instance.id, request.docNo],
  );
  const identifiers = {
    ewbNo: generated.ewbNo,
    ewbDate: generated.ewbDate,
    ...(generated.validUpto ? { ewbValidUpto: generated.validUpto } : {}),
  };
  const [submission] = await at.db.query<{ id: string }[]>(
    `INSERT INTO submission (document_id, regime, state, identifiers, ewb_no, valid_upto)
     VALUES ($1, 'in-ewaybill', $5, $2, $3, $4) RETURNING id`,
    [
      document.id,
      JSON.stringify(identifiers),
      generated.ewbNo,
      generated.validUpto ?? null,
      options.state ?? 'REGISTERED',
    ],
  );
  return { submissionId: submission.id, documentId: document.id, docNo: request.docNo, generated };
}
