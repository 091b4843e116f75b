/**
 * The import zones of eslint.config.mjs fail the lint: probe files that break a zone's arrow are placed
 * inside the zones (the typed lint needs real files), ESLint is run on them as `npm run lint` runs it,
 * and each must get no-restricted-imports; probes that keep to the arrows must get nothing.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const ESLINT = join(ROOT, 'node_modules/eslint/bin/eslint.js');

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

const PROBES: Record<string, string> = {
  'src/domain/zone-probe-sync.ts': "import { SweepService } from '../sync/sweep.service';",
  'src/mappers/irn/zone-probe-compliance.ts': "import { ComplianceError } from '../../compliance/regime';",
  'src/mappers/irn/zone-probe-domain.ts': "import { isRegimeName } from '../../domain/regime-name';",
  'src/connectors/csv/zone-probe-sync.ts': "import { SweepService } from '../../sync/sweep.service';",
  'src/connectors/csv/zone-probe-secret-box.ts': "import { SecretBox } from '../../security/secret-box';",
  'src/connectors/csv/zone-probe-kit.ts': "import { ConnectorHttpClient } from '../kit';",
  'src/connectors/csv/zone-probe-http.ts': "import { retryAfterMs } from '../../http';",
  'src/http/zone-probe-security.ts': "import { redact } from '../security/redaction';",
  'src/sync/zone-probe-sandbox.ts': "import { startSandbox } from '@erp-connector/sandbox';",
  'src/mappers/irn/zone-probe-sandbox.ts':
    "import { startTallySimulator } from '@erp-connector/sandbox/tally';",
  'src/development/zone-probe-sandbox-static.ts': "import { startSandbox } from '@erp-connector/sandbox';",
  'src/development/zone-probe-sandbox-dynamic.ts':
    "const { startSandbox } = await import('@erp-connector/sandbox');",
  'packages/sandbox/src/zatca/zone-probe-product.ts':
    "import { isRegimeName } from '../../../../src/domain/regime-name';",
  'packages/sandbox/src/zatca/zone-probe-own.ts': "import { SandboxClock } from '../framework';",
};

let exitCode: number | null;
const restrictedBy = new Map<string, string[]>();

beforeAll(() => {
  for (const [path, line] of Object.entries(PROBES)) {
    const name = /\{ (\w+) \}/.exec(line)![1];
    const probe = line.includes('await')
      ? `export async function probe() {\n  ${line}\n  return ${name};\n}`
      : `${line}\n\nexport const probe = ${name};`;
    writeFileSync(join(ROOT, path), `${probe}\n`);
  }
  try {
    const run = spawnSync(process.execPath, [ESLINT, '--format', 'json', ...Object.keys(PROBES)], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    exitCode = run.status;
    for (const result of JSON.parse(run.stdout) as LintResult[]) {
      const path = result.filePath.slice(ROOT.length + 1);
      restrictedBy.set(
        path,
        result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message),
      );
    }
  } finally {
    for (const path of Object.keys(PROBES)) rmSync(join(ROOT, path), { force: true });
  }
}, 180_000);

describe('import zones (eslint.config.mjs)', () => {
  it('fails the lint run', () => {
    expect(exitCode).toBe(1);
  });

  it('refuses a domain file importing from sync', () => {
    expect(restrictedBy.get('src/domain/zone-probe-sync.ts')).toEqual([
      expect.stringContaining('domain/ imports nothing else of src/'),
    ]);
  });

  it('refuses a mapper importing from compliance, and lets one import domain', () => {
    expect(restrictedBy.get('src/mappers/irn/zone-probe-compliance.ts')).toEqual([
      expect.stringContaining('mappers/ import only domain/'),
    ]);
    expect(restrictedBy.get('src/mappers/irn/zone-probe-domain.ts')).toEqual([]);
  });

  it('refuses a connector importing from sync', () => {
    expect(restrictedBy.get('src/connectors/csv/zone-probe-sync.ts')).toEqual([
      expect.stringContaining('connectors/ import only domain/'),
    ]);
  });

  it('refuses a connector the secret box (its state is sealed by the host), and lets it use the kit and http/', () => {
    expect(restrictedBy.get('src/connectors/csv/zone-probe-secret-box.ts')).toEqual([
      expect.stringContaining('connectors/ import only domain/'),
    ]);
    expect(restrictedBy.get('src/connectors/csv/zone-probe-kit.ts')).toEqual([]);
    expect(restrictedBy.get('src/connectors/csv/zone-probe-http.ts')).toEqual([]);
  });

  it('refuses http/ anything else of src/', () => {
    expect(restrictedBy.get('src/http/zone-probe-security.ts')).toEqual([
      expect.stringContaining('http/ (transport facts) imports nothing else'),
    ]);
  });

  it('refuses a static import of the sandbox package anywhere in src/; development loads it dynamically', () => {
    for (const probe of [
      'src/sync/zone-probe-sandbox.ts',
      'src/mappers/irn/zone-probe-sandbox.ts',
      'src/development/zone-probe-sandbox-static.ts',
    ]) {
      expect(restrictedBy.get(probe)).toEqual([expect.stringContaining('development-only')]);
    }
    expect(restrictedBy.get('src/development/zone-probe-sandbox-dynamic.ts')).toEqual([]);
  });

  it('refuses the sandbox package an import of the product, and lets it import its own files', () => {
    expect(restrictedBy.get('packages/sandbox/src/zatca/zone-probe-product.ts')).toEqual([
      expect.stringContaining('shares nothing with the product'),
    ]);
    expect(restrictedBy.get('packages/sandbox/src/zatca/zone-probe-own.ts')).toEqual([]);
  });
});
