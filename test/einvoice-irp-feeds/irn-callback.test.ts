/**
 * IRN webhooks settle an unknown outcome. One document whose GENERATE the IRP registered but whose answer
 * was lost, and whose look-ups keep failing (503), waits in RETRY with its outcome unknown. The provider's
 * callback, carrying the IRP-signed registration, registers it as the look-up would have: IRN, AckNo and
 * signed QR stored, written back, never sent again. A callback with the wrong secret or a forged
 * signature is refused 401 and changes nothing; the same callback twice is acknowledged once applied.
 */
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { json } from '../support/http';
import { eventually } from '../support/test-app';
import {
  api,
  CONNECTOR,
  documentDetail,
  generateRequestsByDocument,
  injectFault,
  listDocuments,
  SAMPLE_FILE,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { startAppWithCallbacks } from './feeds-app';

const DOC = 'DFT/2627/0453';
const SECRET = 'irp-callback-test-secret';

describe('IRN webhook callbacks', () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    t = await startAppWithCallbacks(sandbox, { callbackSecret: SECRET });
    await injectFault(sandbox, 'drop-after-commit', 1);
    await injectFault(sandbox, '503', 10_000, '/einvoice/type/GETIRNBYDOCDETAILS/');
    const lines = readFileSync(SAMPLE_FILE, 'utf8').split(/\r?\n/);
    mkdirSync(t.inbox, { recursive: true });
    writeFileSync(join(t.inbox, 'one.csv'), [lines[0], ...lines.filter((l) => l.includes(DOC))].join('\n'));
    const pulled = await api(t.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
    expect(pulled.status).toBe(202);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  async function submission(): Promise<Record<string, unknown>> {
    const [doc] = await listDocuments(t.url);
    return ((await documentDetail(t.url, doc.id)).submissions as Record<string, unknown>[])[0];
  }

  function post(body: unknown, secret = SECRET, instance = CONNECTOR): Promise<Response> {
    return fetch(`${t.url}/webhooks/irp/${instance}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-irp-callback-secret': secret },
      body: JSON.stringify(body),
    });
  }

  it('registers the submission whose outcome is unknown, exactly once, and refuses forgeries', async () => {
    const waiting = await eventually(async () => {
      const s = await submission().catch(() => undefined);
      return s && s.state === 'RETRY' && s.outcomeUnknown === true ? s : undefined;
    }, 30_000);
    expect(waiting.irn).toBeNull();
    const registration = sandbox.einvoice.registrations().find((r) => r.docNo === DOC)!;
    const details = {
      AckNo: registration.ackNo,
      AckDt: registration.ackDt,
      Irn: registration.irn,
      SignedInvoice: registration.signedInvoice,
      SignedQRCode: registration.signedQrCode,
      Status: 'ACT',
    };
    const callback = { status_cd: '1', data: JSON.stringify(details) };

    // Wrong secret, unknown instance, forged signature: refused, nothing changes.
    expect((await post(callback, 'wrong')).status).toBe(401);
    expect((await post(callback, SECRET, 'nobody')).status).toBe(401);
    const [header, payload, signature] = registration.signedInvoice.split('.');
    const altered = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { data: string };
    altered.data = altered.data.replace(/"TotInvVal":[0-9.]+/, '"TotInvVal":1');
    const forged = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`;
    const refused = await post({
      status_cd: '1',
      data: JSON.stringify({ ...details, SignedInvoice: forged }),
    });
    expect(refused.status).toBe(401);
    expect(await submission()).toMatchObject({ state: 'RETRY', irn: null, outcomeUnknown: true });

    const applied = await post(callback);
    expect(applied.status).toBe(200);
    expect(await json(applied)).toMatchObject({ applied: true, irn: registration.irn });
    const settled = await eventually(async () => {
      const s = await submission();
      return s.state === 'WRITTEN_BACK' ? s : undefined;
    }, 30_000);
    expect(settled).toMatchObject({
      irn: registration.irn,
      ackNo: String(registration.ackNo),
      signedQr: registration.signedQrCode,
      outcomeUnknown: false,
      errorClass: null,
    });
    const [doc] = await listDocuments(t.url);
    const actions = ((await documentDetail(t.url, doc.id)).audit as { action: string }[]).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['irn-callback', 'registered-adopted', 'written-back']));

    // Delivered again: acknowledged, nothing moves; the IRP saw one GENERATE for the document.
    const again = await post(callback);
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ applied: false, reason: 'already registered' });
    expect((await submission()).state).toBe('WRITTEN_BACK');
    expect((await generateRequestsByDocument(sandbox)).get(DOC)).toHaveLength(1);
    expect(sandbox.einvoice.registrations().filter((r) => r.docNo === DOC)).toHaveLength(1);
  }, 90_000);
});
