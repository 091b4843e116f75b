/**
 * The operator CLI against the real service: the app boots on embedded Postgres with a webhook
 * connector and a scripted e-invoice regime; documents arrive through the signed webhook, and the CLI
 * talks to the app over HTTP exactly as an operator's terminal would.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentDetail } from '../../src/cli/api-types';
import { postSignedWebhook } from '../support/http';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { ScriptedRegime } from '../support/scripted-regime';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { runCli } from './cli-harness';

const SECRET = 'x'.repeat(32);

describe('operator CLI against the real service (HTTP, Postgres, queue)', () => {
  let t: TestApp;
  let env: Record<string, string>;
  const regime = new ScriptedRegime();
  const documentIds: Record<string, string> = {};

  beforeAll(async () => {
    regime.scripts.set('CLI/REJ1', 'reject');
    regime.scripts.set('CLI/REJ2', 'reject');
    t = await startTestApp({
      regimes: [regime],
      connectors: [
        { name: 'hook', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } },
        { name: 'books', kind: 'csv', regimes: ['in-einvoice'], config: {} },
        { name: 'broken', kind: 'csv', regimes: ['in-einvoice'], config: { profile: 'no-such-profile' } },
      ],
    });
    env = { CONNECTOR_URL: t.url, CONNECTOR_API_KEY: TEST_API_KEY };
    for (const number of ['CLI/0001', 'CLI/REJ1', 'CLI/REJ2']) documentIds[number] = await push(number);
    await eventually(async () => {
      const states = await Promise.all(Object.values(documentIds).map(stateOf));
      return states.every((s) => s === 'WRITTEN_BACK' || s === 'REJECTED') ? states : undefined;
    });
  });
  afterAll(() => t.close());

  async function push(documentNumber: string): Promise<string> {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber }));
    const res = await postSignedWebhook(t.url, 'hook', SECRET, body);
    expect(res.status).toBe(202);
    const answer = (await res.json()) as { accepted: { documentId: string }[] };
    return answer.accepted[0].documentId;
  }

  async function documentOf(id: string): Promise<DocumentDetail> {
    const res = await fetch(`${t.url}/documents/${id}`, { headers: { 'x-api-key': TEST_API_KEY } });
    return (await res.json()) as DocumentDetail;
  }

  async function stateOf(id: string): Promise<string> {
    return (await documentOf(id)).submissions[0].state;
  }

  async function submissionIdOf(documentNumber: string): Promise<string> {
    return (await documentOf(documentIds[documentNumber])).submissions[0].id;
  }

  function cli(...args: string[]) {
    return runCli(args, { env });
  }

  describe('connector', () => {
    it('list prints a table of instances and never the API key', async () => {
      const out = await cli('connector', 'list');
      expect(out.code).toBe(0);
      const lines = out.stdout.split('\n');
      expect(lines[0]).toMatch(/^NAME\s+KIND\s+ENABLED\s+REGIMES/);
      expect(lines.find((l) => l.startsWith('hook '))).toMatch(/^hook\s+webhook\s+yes\s+in-einvoice/);
      expect(lines.find((l) => l.startsWith('books '))).toMatch(/^books\s+csv\s+yes/);
      expect(out.stdout + out.stderr).not.toContain(TEST_API_KEY);

      const json = await cli('connector', 'list', '--json');
      expect(
        JSON.parse(json.stdout)
          .map((c: { name: string }) => c.name)
          .sort(),
      ).toEqual(['books', 'broken', 'hook']);
    });

    it('test prints the check and exits 0 when ok, 1 when not ok or unknown', async () => {
      const ok = await cli('connector', 'test', 'hook');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/^OK {2}hook: accepting pushes/);

      const failing = await cli('connector', 'test', 'broken');
      expect(failing.code).toBe(1);
      expect(failing.stdout).toMatch(/^FAILED {2}broken: .*no-such-profile/);
      expect(failing.stdout).toMatch(/^ {2}inbox: +\S+/m);
      expect(JSON.parse((await cli('connector', 'test', 'broken', '--json')).stdout).ok).toBe(false);

      const missing = await cli('connector', 'test', 'nope');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('HTTP 404: no connector instance named nope');
    });

    it('pull enqueues a pull, or says one is already on its way', async () => {
      const out = await cli('connector', 'pull', 'hook');
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(
        /^(pull of hook enqueued \(job \S+\); follow it with: watch --connector hook|a pull of hook is already queued or running)$/m,
      );
      const json = await cli('connector', 'pull', 'hook', '--json');
      expect(typeof JSON.parse(json.stdout).enqueued).toBe('boolean');
      const missing = await cli('connector', 'pull', 'nope');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('no connector instance named nope');
    });
  });

  describe('documents', () => {
    it('list shows a readable table with each submission state and a footer', async () => {
      const out = await cli('documents', 'list', '--connector', 'hook');
      expect(out.code).toBe(0);
      const row = (number: string) => out.stdout.split('\n').find((l) => l.includes(number)) ?? '';
      expect(row('CLI/0001')).toContain(documentIds['CLI/0001']);
      expect(row('CLI/0001')).toContain('in-einvoice:WRITTEN_BACK');
      expect(row('CLI/REJ1')).toContain('in-einvoice:REJECTED(rejected)');
      expect(out.stdout).toMatch(/^ID\s+NUMBER\s+TYPE\s+DATE\s+SELLER\s+BUYER\s+SUBMISSIONS$/m);
      expect(out.stdout).toContain('showing 1-3 of 3');
    });

    it('list filters by state and prints JSON for scripts', async () => {
      const rejected = await cli('documents', 'list', '--state', 'REJECTED', '--json');
      const page = JSON.parse(rejected.stdout);
      expect(page.total).toBe(2);
      expect(page.items.map((d: { docNumber: string }) => d.docNumber).sort()).toEqual([
        'CLI/REJ1',
        'CLI/REJ2',
      ]);

      const limited = await cli('documents', 'list', '--limit', '1', '--offset', '1', '--connector', 'hook');
      expect(limited.stdout).toContain('showing 2-2 of 3');
    });

    it('refuses a bad option or date locally (exit 2), showing the expected form', async () => {
      const usage = await cli('documents', 'list', '--limit', '0');
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('must be between 1 and 500');

      // Issue 29: a bad date is a usage error, not a round trip to the service.
      const date = await cli('documents', 'list', '--from', '2024-13-45');
      expect(date.code).toBe(2);
      expect(date.stderr).toContain('not a date: "2024-13-45" (expected YYYY-MM-DD, e.g. 2026-11-01)');
    });

    it('show prints the summary, the identifiers, the authority error and the audit trail', async () => {
      const registered = await cli('documents', 'show', documentIds['CLI/0001']);
      expect(registered.code).toBe(0);
      expect(registered.stdout).toMatch(/Number:\s+CLI\/0001/);
      expect(registered.stdout).toContain('in-einvoice  WRITTEN_BACK');
      expect(registered.stdout).toMatch(/irn:\s+[0-9a-f]{64}/);
      expect(registered.stdout).toMatch(/ackNo:\s+112610000000001/);
      const audit = registered.stdout.slice(registered.stdout.indexOf('Audit trail'));
      expect(audit).toMatch(/^AT\s+ACTOR\s+ACTION\s+STATE\s+REASON$/m);
      expect(audit).toContain('received');

      const rejected = await cli('documents', 'show', documentIds['CLI/REJ1']);
      expect(rejected.stdout).toContain('in-einvoice  REJECTED');
      expect(rejected.stdout).toMatch(/Error: \[rejected\].*Invalid place of supply/);

      const json = await cli('documents', 'show', documentIds['CLI/REJ1'], '--json');
      expect(JSON.parse(json.stdout).id).toBe(documentIds['CLI/REJ1']);
    });

    it('show reports an unknown document with the server message', async () => {
      const id = randomUUID();
      const out = await cli('documents', 'show', id);
      expect(out.code).toBe(1);
      expect(out.stderr).toContain(`HTTP 404: no document ${id}`);
    });
  });

  describe('submissions', () => {
    it('list shows the failure queue with the error', async () => {
      const out = await cli('submissions', 'list', '--state', 'REJECTED');
      expect(out.code).toBe(0);
      expect(out.stdout).toContain(await submissionIdOf('CLI/REJ1'));
      expect(out.stdout).toMatch(/REJECTED\s+1\s+\S+\s+\[rejected\].*Invalid place of supply/);
      expect(out.stdout).not.toContain(await submissionIdOf('CLI/0001'));
      expect(out.stdout).toContain('showing 1-2 of 2');
    });

    it('retry --ids retries a rejected submission, audited with the operator and reason', async () => {
      regime.scripts.set('CLI/REJ1', 'register');
      const id = await submissionIdOf('CLI/REJ1');
      const out = await cli(
        'submissions',
        'retry',
        '--ids',
        id,
        '--operator',
        'asha',
        '--reason',
        'POS fixed in ERP',
      );
      expect(out.code).toBe(0);
      expect(out.stdout).toContain('retried 1, skipped 0');
      expect(out.stdout).toContain(`retried  ${id}  REJECTED -> RECEIVED`);
      await eventually(async () =>
        (await stateOf(documentIds['CLI/REJ1'])) === 'WRITTEN_BACK' ? true : undefined,
      );
      const shown = await cli('documents', 'show', documentIds['CLI/REJ1']);
      expect(shown.stdout).toMatch(
        /operator:asha\s+operator-retry\s+REJECTED -> RECEIVED\s+POS fixed in ERP/,
      );
    });

    it('retry reports a submission that is not retryable as skipped and exits 1', async () => {
      const id = await submissionIdOf('CLI/0001');
      const out = await cli(
        'submissions',
        'retry',
        '--ids',
        id,
        '--operator',
        'asha',
        '--reason',
        'try again',
      );
      expect(out.code).toBe(1);
      expect(out.stdout).toContain('retried 0, skipped 1');
      expect(out.stdout).toContain(`skipped  ${id}  WRITTEN_BACK: not in a retryable state`);
    });

    it('retry by filter resolves the matching submissions and retries them', async () => {
      regime.scripts.set('CLI/REJ2', 'register');
      const out = await cli(
        'submissions',
        'retry',
        '--state',
        'REJECTED',
        '--connector',
        'hook',
        '--operator',
        'asha',
        '--reason',
        'bulk retry after fix',
      );
      expect(out.code).toBe(0);
      expect(out.stdout).toContain('retried 1, skipped 0');
      expect(out.stdout).toContain(`retried  ${await submissionIdOf('CLI/REJ2')}  REJECTED -> RECEIVED`);
    });

    it('retry of many ids goes in chunks of 100 with progress lines on a non-terminal stderr', async () => {
      const ids = Array.from({ length: 150 }, () => randomUUID());
      const out = await cli(
        'submissions',
        'retry',
        '--ids',
        ids.join(','),
        '--operator',
        'bot',
        '--reason',
        'bulk',
      );
      expect(out.code).toBe(1);
      expect(out.stderr.split('\n').filter(Boolean)).toEqual(['retrying: 100/150', 'retrying: 150/150']);
      expect(out.stdout).toContain('retried 0, skipped 150');
      expect(out.stdout).toContain(`skipped  ${ids[0]}  unknown: no such submission`);
      expect(out.stdout).toContain('... and 100 more skipped (in all: 150 no such submission)');
    });

    it('retry of many ids draws a progress bar when stderr is a terminal', async () => {
      const ids = Array.from({ length: 120 }, () => randomUUID());
      const out = await runCli(
        ['submissions', 'retry', '--ids', ids.join(','), '--operator', 'bot', '--reason', 'bulk', '--json'],
        { env, stderrIsTTY: true },
      );
      expect(out.stderr).toMatch(/retrying \[[█░]+\] 120\/120/);
      expect(JSON.parse(out.stdout).skipped).toHaveLength(120);
    });

    it('retry prints the server field errors (path: message) when the request is invalid', async () => {
      const id = await submissionIdOf('CLI/0001');
      const out = await cli('submissions', 'retry', '--ids', id, '--operator', 'asha', '--reason', 'x');
      expect(out.code).toBe(1);
      expect(out.stderr).toContain('HTTP 400: request validation failed');
      expect(out.stderr).toMatch(/^ {2}reason: reason must be longer than or equal to 3 characters/m);
    });

    it('retry refuses to run without ids or filters, or with bad ids, before calling the service', async () => {
      const none = await cli('submissions', 'retry', '--operator', 'asha', '--reason', 'why not');
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('give --ids, --all or at least one filter');
      const bad = await cli(
        'submissions',
        'retry',
        '--ids',
        'abc,def',
        '--operator',
        'asha',
        '--reason',
        'why not',
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('not submission ids (UUIDs): abc, def');
    });
  });

  describe('cancel', () => {
    it("sends the cancellation and prints the service's refusal when the regime cannot cancel", async () => {
      const id = await submissionIdOf('CLI/0001');
      const out = await cli(
        'cancel',
        id,
        '--reason-code',
        '2',
        '--remark',
        'wrong rate',
        '--operator',
        'asha',
        '--reason',
        'data entry mistake',
      );
      expect(out.code).toBe(1);
      expect(out.stderr).toContain('HTTP 400: in-einvoice does not support cancellation');
    });

    it('takes a document number and cancels its one live registration (issue 29)', async () => {
      const out = await cli(
        'cancel',
        'CLI/0001',
        '--reason-code',
        '2',
        '--remark',
        'wrong rate',
        '--operator',
        'asha',
        '--reason',
        'data entry mistake',
      );
      // The same answer as by submission id: the document's in-einvoice registration was asked for.
      expect(out.code).toBe(1);
      expect(out.stderr).toContain('HTTP 400: in-einvoice does not support cancellation');
      const none = await cli(
        'cancel',
        'CLI/NOPE',
        '--reason-code',
        '2',
        '--remark',
        'r',
        '--operator',
        'a',
        '--reason',
        'why',
      );
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('no document numbered CLI/NOPE');
    });

    it('refuses a reason code outside 1-4 before calling the service', async () => {
      const out = await cli(
        'cancel',
        randomUUID(),
        '--reason-code',
        '5',
        '--remark',
        'r',
        '--operator',
        'a',
        '--reason',
        'why',
      );
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('must be 1, 2, 3 or 4');
    });
  });

  describe('watch', () => {
    it('prints state changes of a new document as they happen and stops on Ctrl-C', async () => {
      const interrupt = new AbortController();
      const capture = { stdout: '', stderr: '' };
      const watching = runCli(['watch', '--interval', '0.2', '--connector', 'hook'], {
        env,
        signal: interrupt.signal,
        capture,
      });
      await eventually(() => Promise.resolve(capture.stdout.includes('watching') ? true : undefined));
      await push('CLI/W1');
      const settledLine = /CLI\/W1 {2}in-einvoice {2}(new|\S+ ->) WRITTEN_BACK/;
      await eventually(() => Promise.resolve(settledLine.test(capture.stdout) ? true : undefined));
      interrupt.abort();
      const out = await watching;
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(/stopped: .*\d+ WRITTEN_BACK/);
    });

    it('--until-settled exits 0 once nothing is waiting for a job, with settled/total progress', async () => {
      await push('CLI/W2');
      const out = await cli('watch', '--until-settled', '--interval', '0.2', '--timeout', '30');
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(/all settled: 5 WRITTEN_BACK/);
      expect(out.stderr).toMatch(/^settled: 5\/5$/m);
    });
  });

  describe('upload', () => {
    it('uploads a CSV into a CSV connector and refuses a connector that takes no files', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-upload-'));
      try {
        const file = join(dir, 'sales july.csv');
        writeFileSync(file, 'Invoice No,Invoice Date\nX/1,2024-07-15\n');
        const ok = await runCli(['upload', 'books', 'sales july.csv'], { env, cwd: dir });
        expect(ok.code).toBe(0);
        expect(ok.stdout).toMatch(/uploaded sales july\.csv to books as sales_july\.csv/);

        const refused = await runCli(['upload', 'hook', file], { env });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('connector hook (webhook) does not take files');

        const missing = await runCli(['upload', 'books', 'nope.csv'], { env, cwd: dir });
        expect(missing.code).toBe(1);
        expect(missing.stderr).toContain('cannot read nope.csv: ENOENT');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('upload --wait', () => {
    it('waits for the pull and then for the documents to settle; a file set aside exits 1 with its reason', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-upload-wait-'));
      try {
        copyFileSync(
          join(__dirname, '..', '..', 'config', 'samples', 'inbox', 'sales-2026-11.csv'),
          join(dir, 'wait.csv'),
        );
        const ok = await runCli(['upload', 'books', 'wait.csv', '--wait', '--timeout', '60'], {
          env,
          cwd: dir,
        });
        expect(ok.code).toBe(0);
        expect(ok.stdout).toMatch(/wait\.csv pulled; watching books's documents/);
        expect(ok.stdout).toMatch(/all settled/);
        const listed = await fetch(`${t.url}/documents?connector=books&limit=200`, {
          headers: { 'x-api-key': TEST_API_KEY },
        });
        const items = ((await listed.json()) as { items: { submissions: { state: string }[] }[] }).items;
        expect(items.length).toBeGreaterThanOrEqual(12);
        for (const item of items)
          for (const submission of item.submissions)
            expect(['RECEIVED', 'READY', 'SUBMITTING', 'RETRY', 'WRITEBACK_PENDING']).not.toContain(
              submission.state,
            );

        writeFileSync(join(dir, 'empty.csv'), 'Invoice No,Invoice Date\n');
        const refused = await runCli(['upload', 'books', 'empty.csv', '--wait', '--timeout', '60'], {
          env,
          cwd: dir,
        });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/empty\.csv was rejected: .*no data rows/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 90_000);
  });

  describe('API key', () => {
    it('reads the development key from .data/api-key in the working directory', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-key-'));
      try {
        mkdirSync(join(dir, '.data'));
        writeFileSync(join(dir, '.data', 'api-key'), `${TEST_API_KEY}\n`);
        const out = await runCli(['connector', 'list', '--url', t.url], { env: {}, cwd: dir });
        expect(out.code).toBe(0);
        expect(out.stdout).toContain('hook');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('names where a refused key came from without printing it, and says when there is none', async () => {
      const refused = await runCli(['connector', 'list', '--api-key', 'wrong-key-123'], {
        env: { CONNECTOR_URL: t.url },
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('HTTP 401');
      expect(refused.stderr).toContain('the API key from --api-key was refused');
      expect(refused.stderr).not.toContain('wrong-key-123');

      const dir = mkdtempSync(join(tmpdir(), 'cli-nokey-'));
      try {
        const none = await runCli(['connector', 'list'], { env: { CONNECTOR_URL: t.url }, cwd: dir });
        expect(none.code).toBe(2);
        expect(none.stderr).toContain('no API key');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
