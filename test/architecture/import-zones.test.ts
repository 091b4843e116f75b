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
  'src/sync/zone-probe-sandbox.ts': "import { startSandbox } from '../sandbox';",
  'src/development/zone-probe-sandbox-index.ts': "import { startSandbox } from '../sandbox';",
  'src/development/zone-probe-sandbox-internal.ts':
    "import { startSandbox } from '../sandbox/start-sandbox';",
};

let exitCode: number | null;
const restrictedBy = new Map<string, string[]>();

beforeAll(() => {
  for (const [path, line] of Object.entries(PROBES)) {
    const name = /import \{ (\w+) \}/.exec(line)![1];
    writeFileSync(join(ROOT, path), `${line}\n\nexport const probe = ${name};\n`);
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

  it('refuses the sandbox to the product; the development loader reaches it through its index only', () => {
    expect(restrictedBy.get('src/sync/zone-probe-sandbox.ts')).toEqual([
      expect.stringContaining('development-only'),
    ]);
    expect(restrictedBy.get('src/development/zone-probe-sandbox-index.ts')).toEqual([]);
    expect(restrictedBy.get('src/development/zone-probe-sandbox-internal.ts')).toEqual([
      expect.stringContaining('public face'),
    ]);
  });
});
