/**
 * The operator commands added for day-to-day work (status, failures, show, override, retry --all,
 * connector sync-now, zatca status) against the real service over HTTP: embedded Postgres, the queue,
 * a webhook connector and a scripted e-invoice regime.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { DocumentDetail } from '../../src/cli/api-types';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { postSignedWebhook } from '../support/http';
import { ScriptedRegime } from '../support/scripted-regime';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { runCli } from './cli-harness';

const SECRET = 'o'.repeat(32);

describe('operator CLI: status, failures, show, override, retry --all', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let cwd: string;
  const regime = new ScriptedRegime();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    regime.scripts.set('OPS/REJ1', 'reject');
    regime.scripts.set('OPS/REJ2', 'reject');
    t = await startTestApp({
      regimes: [regime],
      connectors: [{ name: 'hook', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } }],
    });
    env = { CONNECTOR_URL: t.url, CONNECTOR_API_KEY: TEST_API_KEY };
    cwd = mkdtempSync(join(tmpdir(), 'cli-ops-'));
    for (const documentNumber of ['OPS/0001', 'OPS/REJ1', 'OPS/REJ2']) {
      const body = JSON.stringify(sampleIndiaInvoice({ documentNumber }));
      const res = await postSignedWebhook(t.url, 'hook', SECRET, body);
      ids[documentNumber] = (
        (await res.json()) as { accepted: { documentId: string }[] }
      ).accepted[0].documentId;
    }
    await eventually(async () => {
      const states = await Promise.all(Object.values(ids).map(stateOf));
      return states.every((s) => s === 'WRITTEN_BACK' || s === 'REJECTED') ? states : undefined;
    });
  });
  afterAll(async () => {
    rmSync(cwd, { recursive: true, force: true });
    await t.close();
  });

  async function stateOf(id: string): Promise<string> {
    const res = await fetch(`${t.url}/documents/${id}`, { headers: { 'x-api-key': TEST_API_KEY } });
    return ((await res.json()) as DocumentDetail).submissions[0].state;
  }

  const cli = (...args: string[]) => runCli(args, { env, cwd });

  it('status counts per state and connector, and names the last pull', async () => {
    const out = await cli('status');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^STATE\s+ALL\s+HOOK/m);
    expect(out.stdout).toMatch(/^REJECTED\s+2\s+2\s*$/m);
    expect(out.stdout).toMatch(/^WRITTEN_BACK\s+1\s+1\s*$/m);
    expect(out.stdout).toContain('nothing pending');
    expect(out.stdout).toContain('last pull of hook (webhook):');
    expect(out.stdout).toContain('no provider throttled');
    const json = await cli('status', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      byState: { REJECTED: 2, WRITTEN_BACK: 1 },
      oldestPending: null,
      throttled: [],
    });
  });

  it('failures lists each failed submission with its reason on one line', async () => {
    const out = await cli('failures', '--connector', 'hook');
    expect(out.code).toBe(0);
    const lines = out.stdout.split('\n').filter((l) => l.startsWith('OPS/'));
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatch(/in-einvoice\s+REJECTED\s+rejected\s+2172 Invalid place of supply/);
    expect(out.stdout).toContain('showing 2 of 2 failure(s)');
    expect((await cli('failures', '--state', 'MAPPING_FAILED')).stdout).toContain('no failures');
    expect((await cli('failures', '--state', 'WRITTEN_BACK')).code).toBe(2);
    // A bad date is a usage error that shows the expected form (issue 29), not a 400 from the service.
    for (const date of ['01/11/2026', '2026-02-30']) {
      const bad = await cli('failures', '--from', date);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('expected YYYY-MM-DD, e.g. 2026-11-01');
    }
  });

  it('failures --export writes the queue as CSV and XLSX', async () => {
    const csv = await cli('failures', '--export', 'csv', '--out', 'queue.csv');
    expect(csv.code).toBe(0);
    const rows = parse<Record<string, string>>(readFileSync(join(cwd, 'queue.csv')), {
      columns: true,
      bom: true,
    });
    expect(rows.map((r) => r.document_number).sort()).toEqual(['OPS/REJ1', 'OPS/REJ2']);
    expect(rows[0]).toMatchObject({
      connector: 'hook',
      authority_code: '2172',
      authority_message: 'Invalid place of supply',
    });
    expect((await cli('failures', '--export', 'xlsx')).code).toBe(0);
    expect(readFileSync(join(cwd, 'failures.xlsx')).subarray(0, 2).toString()).toBe('PK');
  });

  it('show takes a document number and prints the canonical payload and the authority message', async () => {
    const out = await cli('show', 'OPS/REJ1');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Invalid place of supply');
    expect(out.stdout).toContain('Canonical payload (with overrides):');
    expect(out.stdout).toContain('"documentNumber": "OPS/REJ1"');
    const missing = await cli('show', 'OPS/NOPE');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no document numbered OPS/NOPE');
  });

  it('override saves the field and retries the document to registration', async () => {
    regime.scripts.set('OPS/REJ1', 'register');
    const bad = await cli('override', 'OPS/REJ1', 'no-equals-sign', '--operator', 'asha', '--reason', 'pos');
    expect(bad.code).toBe(2);
    const out = await cli(
      'override',
      'OPS/REJ1',
      'buyer.placeOfSupply=29',
      '--operator',
      'asha',
      '--reason',
      'wrong place of supply',
    );
    expect([out.code, out.stderr]).toEqual([0, '']);
    expect(out.stdout).toContain('saved buyer.placeOfSupply on OPS/REJ1');
    expect(out.stdout).toMatch(/retried 1/i);
    await eventually(async () => ((await stateOf(ids['OPS/REJ1'])) === 'WRITTEN_BACK' ? true : undefined));
  });

  it('retry --all skips what the authority refused for its data and says so; --state names them', async () => {
    expect(
      (await cli('retry', '--all', '--state', 'REJECTED', '--operator', 'a', '--reason', 'again')).code,
    ).toBe(2);
    const all = await cli('retry', '--all', '--operator', 'asha', '--reason', 'authority fixed');
    expect(all.code).toBe(0);
    expect(all.stderr).toMatch(/skipped 1 REJECTED: their data was refused/);
    expect(all.stdout).toMatch(/nothing to retry/);
    expect(await stateOf(ids['OPS/REJ2'])).toBe('REJECTED');
    const named = await cli('retry', '--state', 'REJECTED', '--operator', 'asha', '--reason', 'try it');
    expect(named.code).toBe(0);
    expect(named.stdout).toMatch(/retried 1/i);
  });

  it('connector sync-now enqueues a pull, and zatca status answers with no units', async () => {
    const pull = await cli('connector', 'sync-now', 'hook');
    expect(pull.code).toBe(0);
    expect(pull.stdout).toMatch(/pull of hook/);
    expect((await cli('connector', 'sync-now', 'nope')).code).toBe(1);
    const zatca = await cli('zatca', 'status');
    expect([zatca.code, zatca.stdout.trim()]).toEqual([0, 'no EGS units onboarded']);
  });
});
