/** What the sandbox's e-way bill system holds, as the e-way bill tests read it. */
import { ewayBillValidUntilMs, type RunningSandbox } from '@erp-connector/sandbox';

const IST_OFFSET_MS = 330 * 60_000;

export function billsOfDocument(sandbox: RunningSandbox, docNo: string) {
  return sandbox.einvoice.ewaybill.store.all().filter((bill) => bill.docNo === docNo);
}

export function generateAnswersOfDocument(sandbox: RunningSandbox, docNo: string): string[] {
  return sandbox.einvoice.ewaybill
    .generateRequests()
    .filter((request) => request.docNo === docNo)
    .map((request) => request.answered);
}

/** "yyyy-MM-dd HH:mm:ss" (IST) of the validity rule for Part-B entered at `fromMs`, as the regime keeps it. */
export function ruleValidTill(fromMs: number, distanceKm: number, overDimensional: boolean): string {
  const until = ewayBillValidUntilMs(fromMs, distanceKm, overDimensional);
  return new Date(until + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
