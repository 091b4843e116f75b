/**
 * The sandbox remembers across a restart on the same data folder, as the real IRP and ZATCA do: an IRN
 * registered before is still found (a repeat answers 2150 with it, and GETIRN returns it signed with
 * the same key), a CSID issued before still authenticates and its chain goes on, and each service
 * listens on the port it was given.
 */
import { createVerify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axios from 'axios';
import { InMemoryZatcaChainStore } from '../../src/regimes/sa-zatca/chain';
import { InMemoryEgsCredentialStore } from '../support/in-memory-egs-credential-store';
import { FatooraClient } from '../../src/regimes/sa-zatca/fatoora.client';
import { ZatcaOnboardingService } from '../../src/regimes/sa-zatca/onboarding.service';
import { zatcaXmlTools } from '../../src/regimes/sa-zatca/zatca-xml-tools';
import { ZatcaRegime } from '../../src/regimes/sa-zatca/zatca.regime';
import type { Registered } from '../../src/compliance/regime';
import { findFreePort } from '../../src/database/embedded-postgres';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { interStateInvoice, todayIst, uniqueDocNo } from '../einvoice/nic-invoice.fixture';
import { GspCaller, errorCodes } from '../sandbox/gsp-caller';
import { submitContext } from '../support/submit-context';
import { testEgsUnit, testInvoice } from '../zatca-lifecycle/support/egs-fixtures';

describe('sandbox state kept under the data folder across a restart', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'runtime-sandbox-state-'));
  const running: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const service of running) await service.stop().catch(() => undefined);
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('finds an IRN registered before the restart (2150, GETIRN), signed with the same key', async () => {
    const ports = {
      einvoiceGsp: await findFreePort(),
      einvoiceApi: await findFreePort(),
      returnsGateway: await findFreePort(),
    };
    const start = async (): Promise<RunningSandbox> => {
      const sandbox = await startSandbox({ ports, stateDir, rateLimit: { limit: 0, windowMs: 60_000 } });
      running.push(sandbox);
      return sandbox;
    };
    const invoice = interStateInvoice({ docNo: uniqueDocNo('RS'), docDate: todayIst() });

    const first = await start();
    expect(first.urls.einvoiceGsp).toBe(`http://127.0.0.1:${ports.einvoiceGsp}`);
    const before = new GspCaller(first);
    await before.authenticate();
    const generated = (await before.einvoice('GENERATE', invoice)).data;
    expect(generated.status_cd).toBe('1');
    const irn = String(generated.data?.Irn);
    await first.stop();

    const second = await start();
    expect(second.urls).toEqual(first.urls);
    expect(second.einvoice.publicKeyPem).toBe(first.einvoice.publicKeyPem);
    const after = new GspCaller(second);
    await after.authenticate();
    const repeat = (await after.einvoice('GENERATE', invoice)).data;
    expect(repeat.status_cd).toBe('0');
    expect(errorCodes(repeat)).toEqual(['2150']);
    expect(JSON.stringify(repeat.info)).toContain(irn);

    const found = (await after.einvoice(`GETIRN`, undefined, { params: { param1: irn } })).data;
    expect(found.data).toMatchObject({ Irn: irn, AckNo: generated.data?.AckNo });
    const [header, payload, signature] = String(found.data?.SignedInvoice).split('.');
    const verifier = createVerify('RSA-SHA256').update(`${header}.${payload}`);
    expect(verifier.verify(second.einvoice.publicKeyPem, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(second.einvoice.registrations().map((r) => r.irn)).toEqual([irn]);
    await second.stop();
  }, 60_000);

  it('accepts calls with a CSID issued before the restart and continues its chain', async () => {
    const port = await findFreePort();
    const zatcaState = join(stateDir, 'zatca');
    const start = async (): Promise<ZatcaSimulator> => {
      const simulator = await startZatcaSimulator({ port, stateDir: zatcaState });
      running.push(simulator);
      return simulator;
    };
    // The connector's side, kept across the simulator's restart as its database would keep it.
    const client = new FatooraClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 5_000 });
    const onboarding = new ZatcaOnboardingService({
      provider: client,
      store: new InMemoryEgsCredentialStore(),
      ...zatcaXmlTools,
    });
    const regime = new ZatcaRegime({
      provider: client,
      chain: new InMemoryZatcaChainStore(),
      credentials: onboarding,
      ...zatcaXmlTools,
    });
    const clear = async (number: string): Promise<Registered> => {
      const mapped = regime.map(testInvoice('standard', number, 'egs-restart'), {});
      if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
      return (await regime.submit(mapped.value.payload, submitContext())) as Registered;
    };

    const first = await start();
    expect(first.url).toBe(`http://127.0.0.1:${port}`);
    await onboarding.onboard(testEgsUnit('egs-restart'), first.otp);
    const one = await clear('RS-1');
    expect(one.identifiers).toMatchObject({ zatcaStatus: 'CLEARED', zatcaIcv: 1 });
    await first.stop();

    const second = await start();
    expect(second.caCertificatePem).toBe(first.caCertificatePem);
    const two = await clear('RS-2');
    expect(two.status).toBe('registered');
    expect(two.identifiers).toMatchObject({ zatcaStatus: 'CLEARED', zatcaIcv: 2 });
    expect(
      second.records.invoices
        .filter((invoice) => invoice.endpoint === 'clearance')
        .map((invoice) => [invoice.icv, invoice.status, invoice.httpStatus]),
    ).toEqual([
      ['1', 'CLEARED', 200],
      ['2', 'CLEARED', 200],
    ]);
    // The invoice cleared before the restart is known: sent again, it is a duplicate, not a new clearance.
    const credentials = await onboarding.signingCredentials('egs-restart');
    const again = await axios.post(
      `${second.url}/invoices/clearance/single`,
      {
        invoiceHash: one.identifiers.zatcaHash,
        uuid: one.identifiers.zatcaUuid,
        invoice: Buffer.from(one.identifiers.signedInvoice!).toString('base64'),
      },
      {
        auth: { username: credentials.csid.binarySecurityToken, password: credentials.csid.secret },
        headers: { 'Accept-Version': 'V2', 'Clearance-Status': '1' },
        validateStatus: () => true,
      },
    );
    expect(again.status).toBe(409);
    await second.stop();
  }, 120_000);
});
