/**
 * The service as `npm start` runs it, restarted on the same data folder: the in-process ZATCA simulator
 * still knows the CSID the service onboarded with before (before, every ZATCA call then answered 401),
 * and the sandbox listens on the configured port, printed in the boot banner and listed in `/health`
 * details for a caller with the API key.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../../src/database/embedded-postgres';
import { sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import { json, postSignedWebhook } from '../support/http';
import { eventually } from '../support/test-app';
import { isRunning, postmasterPid, startService, type ServiceProcess } from './service-process';

describe('the in-process sandbox across a restart of the service', () => {
  const root = mkdtempSync(join(tmpdir(), 'runtime-sandbox-service-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  let service: ServiceProcess | undefined;
  afterAll(async () => {
    await service?.kill('SIGKILL');
    const pid = postmasterPid(join(dataDir, 'pg'));
    if (pid && isRunning(pid)) process.kill(pid, 'SIGINT');
    rmSync(root, { recursive: true, force: true });
  });

  async function clearedStandardInvoice(
    run: ServiceProcess,
    number: string,
  ): Promise<Record<string, unknown>> {
    const apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const secret = readFileSync(join(dataDir, 'connectors', 'ksa-example', 'webhook-secret'), 'utf8').trim();
    const today = new Date().toISOString().slice(0, 10);
    const body = JSON.stringify({
      documents: [sampleSaudiInvoice({ documentNumber: number, documentDate: today })],
    });
    const answer = await postSignedWebhook(run.url, 'ksa-example', secret, body);
    expect(answer.status).toBe(202);
    const [accepted] = (await json(answer)).accepted as { documentId: string }[];
    return eventually(
      async () => {
        const response = await fetch(`${run.url}/documents/${accepted.documentId}`, {
          headers: { 'X-API-Key': apiKey },
        });
        const submission = (await json(response)).submissions?.[0] as Record<string, unknown> | undefined;
        return submission && ['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED'].includes(String(submission.state))
          ? submission
          : undefined;
      },
      60_000,
      300,
    );
  }

  it('clears with the CSID onboarded before the restart, on the configured port', async () => {
    const zatcaPort = await findFreePort();
    const env = { DATA_DIR: dataDir, SANDBOX_ZATCA_PORT: String(zatcaPort) };
    const zatcaUrl = `http://127.0.0.1:${zatcaPort}`;

    service = await startService(env);
    await eventually(
      () => Promise.resolve(service!.output().includes('EGS unit egs-riyadh-01 onboarded') || undefined),
      60_000,
    );
    expect(service.output()).toMatch(new RegExp(`zatca +${zatcaUrl}`));
    expect(await clearedStandardInvoice(service, 'KSA-BEFORE-1')).toMatchObject({ state: 'WRITTEN_BACK' });
    expect(await service.kill('SIGTERM')).toBe(0);

    service = await startService(env);
    expect(service.output()).toMatch(new RegExp(`zatca +${zatcaUrl}`));
    expect(service.output()).toContain(join(dataDir, 'sandbox'));
    const after = await clearedStandardInvoice(service, 'KSA-AFTER-1');
    expect(after).toMatchObject({ state: 'WRITTEN_BACK', errorClass: null });

    const apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const detailed = await json(await fetch(`${service.url}/health`, { headers: { 'X-API-Key': apiKey } }));
    expect(detailed.sandbox).toMatchObject({ zatca: zatcaUrl });
    expect(Object.keys(detailed.sandbox)).toEqual(
      expect.arrayContaining(['einvoiceGsp', 'einvoiceApi', 'tally']),
    );
    const anonymous = await json(await fetch(`${service.url}/health`));
    expect(anonymous.sandbox).toBeUndefined();
  }, 300_000);
});
