/**
 * The import zones of eslint.config.mjs fail the lint: probe files that break a zone's arrow are placed
 * inside the zones (the typed lint needs real files), ESLint is run on them as `npm run lint` runs it,
 * and each must get no-restricted-imports; probes that keep to the arrows must get nothing. Likewise the
 * public faces: an import that leaves its part of src/ for a file inside a folder, or a file importing the
 * face of its own folder, gets faces/import-through-face.
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
  'src/domain/zone-probe-sync.ts': "import { SweepService } from '../sync';",
  'src/mappers/irn/zone-probe-compliance.ts': "import { ComplianceError } from '../../compliance';",
  'src/mappers/irn/zone-probe-domain.ts': "import { REGIME_NAME_PATTERN } from '../../domain';",
  'src/connectors/csv/zone-probe-sync.ts': "import { SweepService } from '../../sync';",
  'src/connectors/csv/zone-probe-secret-box.ts': "import { SecretBox } from '../../security';",
  'src/connectors/csv/zone-probe-secret.ts': "import { Secret } from '../../security';",
  'src/connectors/csv/zone-probe-kit.ts': "import { ConnectorHttpClient } from '../kit';",
  'src/connectors/csv/zone-probe-http.ts': "import { retryAfterMs } from '../../http';",
  'src/http/zone-probe-security.ts': "import { redact } from '../security';",
  'src/security/zone-probe-config.ts': "import { AppConfig } from '../config';",
  'src/sync/zone-probe-sandbox.ts': "import { startSandbox } from '@erp-connector/sandbox';",
  'src/mappers/irn/zone-probe-sandbox.ts':
    "import { startTallySimulator } from '@erp-connector/sandbox/tally';",
  'src/development/zone-probe-sandbox-static.ts': "import { startSandbox } from '@erp-connector/sandbox';",
  'src/development/zone-probe-sandbox-dynamic.ts':
    "const { startSandbox } = await import('@erp-connector/sandbox');",
  'packages/sandbox/src/zatca/zone-probe-product.ts':
    "import { REGIME_NAME_PATTERN } from '../../../../src/domain/regime-name';",
  'packages/sandbox/src/zatca/zone-probe-own.ts': "import { SandboxClock } from '../framework';",
  'src/database/repositories/zone-probe-compliance.ts': "import { ComplianceError } from '../../compliance';",
  'src/database/repositories/zone-probe-compliance-ksa.ts':
    "import { ZatcaChainStore } from '../../regimes/sa-zatca';",
  'src/database/repositories/zone-probe-sync.ts': "import { OperatorService } from '../../sync';",
  'src/database/zone-probe-api.ts': "import { ApiKeys } from '../api';",
  'src/database/repositories/zone-probe-ports.ts': "import { ChainSlotRefused } from '../../ports';",
  'src/database/repositories/zone-probe-domain.ts': "import { SubmissionState } from '../../domain';",
  'src/ports/zone-probe-compliance.ts': "import { ComplianceError } from '../compliance';",
  'src/regimes/sa-zatca/zone-probe-ports.ts': "import { ChainSlotRefused } from '../../ports';",
  'src/api/zone-probe-repository.ts': "import { SubmissionRepository } from '../database/repositories';",
  'src/api/zone-probe-entities.ts': "import { SubmissionEntity } from '../database/entities';",
  'src/console/print/zone-probe-repository.ts':
    "import { SubmissionRepository } from '../../database/repositories';",
  'src/console/zone-probe-sync.ts': "import { SubmissionRecordsService } from '../sync';",
  'src/cli/commands/zone-probe-sync.ts': "import { MATCH_CATEGORIES } from '../../reconciliation/matching';",
  'src/cli/commands/zone-probe-database.ts':
    "import { SubmissionRepository } from '../../database/repositories';",
  'src/cli/commands/zone-probe-compliance.ts': "import { ComplianceError } from '../../compliance';",
  'src/cli/commands/zone-probe-domain.ts': "import { SubmissionState } from '../../domain';",
  'src/cli/commands/zone-probe-api-types.ts': "import { RECO_CATEGORIES } from '../api-types';",
  'src/cli/commands/zone-probe-generated.ts': "import { submissionStateValues } from '../generated/openapi';",
  'src/cli/commands/zone-probe-api.ts': "import { ErrorResponse } from '../../api';",
  'src/cli/commands/zone-probe-nest.ts': "import { Injectable } from '@nestjs/common';",
  'src/cli/commands/zone-probe-typeorm.ts': "import { DataSource } from 'typeorm';",
  'src/cli/commands/zone-probe-scripts.ts': "import { generateApiTypes } from '../../../scripts/api-types';",
  // Regimes: one folder per regime, each floor with its counterpart's arrows.
  'src/regimes/sa-zatca/zone-probe-sync.ts': "import { SweepService } from '../../sync';",
  'src/regimes/sa-zatca/routes/zone-probe-database.ts':
    "import { SubmissionRepository } from '../../../database/repositories';",
  'src/regimes/sa-zatca/storage/zone-probe-sync.ts': "import { SweepService } from '../../../sync';",
  'src/regimes/sa-zatca/services/zone-probe-sync.ts': "import { SweepService } from '../../../sync';",
  'src/regimes/sa-zatca/cli/zone-probe-regime.ts': "import { ZatcaRegime } from '../zatca.regime';",
  'src/regimes/sa-zatca/cli/zone-probe-other-regime.ts':
    "import { EinvoiceRegime } from '../../in-einvoice';",
  'src/regimes/sa-zatca/cli/zone-probe-nest.ts': "import { Injectable } from '@nestjs/common';",
  'src/regimes/sa-zatca/cli/zone-probe-sync.ts': "import { SweepService } from '../../../sync';",
  'src/regimes/sa-zatca/cli/zone-probe-cli.ts': "import { CliContext } from '../../../cli';",
  'src/regimes/sa-zatca/zone-probe-own-cli.ts': "import { regimeCommands } from './cli';",
  'src/regimes/sa-zatca/services/zone-probe-own-cli.ts': "import { regimeCommands } from '../cli';",
  'src/regimes/in-ewaybill/face-probe-other-regime.ts':
    "import { EinvoiceRegime } from '../in-einvoice/einvoice.regime';",
  'src/regimes/in-ewaybill/face-probe-other-regime-face.ts':
    "import { EinvoiceRegime } from '../in-einvoice';",
  // Regime names.
  'src/sync/regime-name-probe.ts': "export const probe = 'sa-zatca';",
  'src/api/regime-name-probe-type.ts': "export type Probe = 'in-ewaybill';",
  'src/database/repositories/regime-name-probe-sql.ts':
    "export const probe = `SELECT id FROM submission WHERE regime = 'in-einvoice'`;",
  'src/sync/regime-name-probe-message.ts': "export const probe = 'the sa-zatca regime is not registered';",
  'src/regimes/sa-zatca/regime-name-probe.ts': "export const probe = 'sa-zatca';",
  'src/config/regime-name-probe.ts': "export const probe = 'in-einvoice';",
  // Public faces.
  'src/sync/face-probe-deep.ts': "import { ComplianceError } from '../compliance/regime';",
  'src/sync/face-probe-deep-export.ts': "export { REGIME_NAME_PATTERN } from '../domain/regime-name';",
  'src/sync/face-probe-deep-type.ts': "export type Probe = import('../compliance/regime').ComplianceError;",
  'src/sync/face-probe-deep-dynamic.ts': "const { ComplianceError } = await import('../compliance/regime');",
  'src/sync/face-probe-face.ts': "import { ComplianceError } from '../compliance';",
  'src/sync/face-probe-subface.ts': "import { ZatcaRegime } from '../regimes/sa-zatca';",
  'src/sync/face-probe-top-level-file.ts': "import { loggerOptions } from '../logging';",
  'src/sync/face-probe-own-file.ts': "import { SweepService } from './sweep.service';",
  'src/sync/face-probe-own-face.ts': "import { SweepService } from '.';",
  'src/regimes/sa-zatca/face-probe-own-subface.ts': "import { ZatcaRegime } from '../sa-zatca';",
  'src/compliance/nic-gateway/face-probe-sibling-subface.ts':
    "import { ComplianceHttpClient } from '../http';",
};

let exitCode: number | null;
/** Per probe, the messages of no-restricted-imports (the zones). */
const restrictedBy = new Map<string, string[]>();
/** Per probe, the messages of no-restricted-syntax (regime names). */
const syntaxBy = new Map<string, string[]>();
/** Per probe, the messages of faces/import-through-face. */
const facesBy = new Map<string, string[]>();

beforeAll(() => {
  for (const [path, line] of Object.entries(PROBES)) {
    const name = /\{ (\w+) \}/.exec(line)?.[1];
    const probe = line.startsWith('export')
      ? line
      : line.includes('await')
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
      const messagesOf = (rule: string) =>
        result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
      restrictedBy.set(path, messagesOf('no-restricted-imports'));
      facesBy.set(path, messagesOf('faces/import-through-face'));
      syntaxBy.set(path, messagesOf('no-restricted-syntax'));
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

  it('refuses a connector the secret box (its state is sealed by the host), and lets it use @Secret(), the kit and http/', () => {
    expect(restrictedBy.get('src/connectors/csv/zone-probe-secret-box.ts')).toEqual([
      expect.stringContaining('connectors/ import only domain/'),
    ]);
    expect(restrictedBy.get('src/connectors/csv/zone-probe-secret.ts')).toEqual([]);
    expect(restrictedBy.get('src/connectors/csv/zone-probe-kit.ts')).toEqual([]);
    expect(restrictedBy.get('src/connectors/csv/zone-probe-http.ts')).toEqual([]);
  });

  it('refuses http/ anything else of src/', () => {
    expect(restrictedBy.get('src/http/zone-probe-security.ts')).toEqual([
      expect.stringContaining('http/ (transport facts) imports nothing else'),
    ]);
  });

  it('refuses security/ anything else of src/ (config/ imports its @Secret(), so the reverse would be a circle)', () => {
    expect(restrictedBy.get('src/security/zone-probe-config.ts')).toEqual([
      expect.stringContaining('security/ imports nothing else'),
    ]);
  });

  it('refuses database/ compliance/, sync/ and api/, and lets it implement ports/ over domain/', () => {
    for (const probe of [
      'src/database/repositories/zone-probe-compliance.ts',
      'src/database/repositories/zone-probe-compliance-ksa.ts',
      'src/database/repositories/zone-probe-sync.ts',
      'src/database/zone-probe-api.ts',
    ]) {
      expect(restrictedBy.get(probe)).toEqual([expect.stringContaining('database/ implements ports')]);
    }
    expect(restrictedBy.get('src/database/repositories/zone-probe-ports.ts')).toEqual([]);
    expect(restrictedBy.get('src/database/repositories/zone-probe-domain.ts')).toEqual([]);
  });

  it('refuses ports/ anything but domain/, and lets compliance/ use them', () => {
    expect(restrictedBy.get('src/ports/zone-probe-compliance.ts')).toEqual([
      expect.stringContaining('ports/ (interfaces database/ implements) import only domain/'),
    ]);
    expect(restrictedBy.get('src/regimes/sa-zatca/zone-probe-ports.ts')).toEqual([]);
  });

  it('refuses api/ and console/ the database (repositories, entities), and lets them use the services of sync/', () => {
    for (const probe of [
      'src/api/zone-probe-repository.ts',
      'src/api/zone-probe-entities.ts',
      'src/console/print/zone-probe-repository.ts',
    ]) {
      expect(restrictedBy.get(probe)).toEqual([
        expect.stringContaining('reach the database only through services'),
      ]);
    }
    expect(restrictedBy.get('src/console/zone-probe-sync.ts')).toEqual([]);
  });

  it("refuses cli/ server code (sync, database, compliance, api, Nest, TypeORM, scripts), and lets it import domain/ and the API's generated types", () => {
    for (const probe of [
      'src/cli/commands/zone-probe-sync.ts',
      'src/cli/commands/zone-probe-database.ts',
      'src/cli/commands/zone-probe-compliance.ts',
      'src/cli/commands/zone-probe-api.ts',
      'src/cli/commands/zone-probe-nest.ts',
      'src/cli/commands/zone-probe-typeorm.ts',
      'src/cli/commands/zone-probe-scripts.ts',
    ]) {
      expect(restrictedBy.get(probe)).toEqual([
        expect.stringContaining('cli/ talks to the service over HTTP'),
      ]);
    }
    expect(restrictedBy.get('src/cli/commands/zone-probe-domain.ts')).toEqual([]);
    expect(restrictedBy.get('src/cli/commands/zone-probe-api-types.ts')).toEqual([]);
    expect(restrictedBy.get('src/cli/commands/zone-probe-generated.ts')).toEqual([]);
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

describe('regimes (src/regimes/<name>, eslint.config.mjs)', () => {
  it('refuses a regime its pipeline, its routes the database and its storage the pipeline; lets services use sync/', () => {
    expect(restrictedBy.get('src/regimes/sa-zatca/zone-probe-sync.ts')).toEqual([
      expect.stringContaining('A regime imports only'),
    ]);
    expect(restrictedBy.get('src/regimes/sa-zatca/routes/zone-probe-database.ts')).toEqual([
      expect.stringContaining("A regime's routes/ reach the database only through services"),
    ]);
    expect(restrictedBy.get('src/regimes/sa-zatca/storage/zone-probe-sync.ts')).toEqual([
      expect.stringContaining("A regime's storage/ implements its ports"),
    ]);
    expect(restrictedBy.get('src/regimes/sa-zatca/services/zone-probe-sync.ts')).toEqual([]);
  });

  it("keeps a regime's cli/ on the CLI's side: cli/'s face only, none of its regime's server code", () => {
    for (const probe of ['zone-probe-regime', 'zone-probe-other-regime']) {
      expect(restrictedBy.get(`src/regimes/sa-zatca/cli/${probe}.ts`)).toEqual([
        expect.stringContaining("A regime's cli/ imports none of its regime's server code"),
      ]);
    }
    expect(restrictedBy.get('src/regimes/sa-zatca/cli/zone-probe-nest.ts')).toEqual([
      expect.stringContaining('no server frameworks'),
    ]);
    expect(restrictedBy.get('src/regimes/sa-zatca/cli/zone-probe-sync.ts')).toEqual([
      expect.stringContaining("A regime's cli/ is the CLI's floor"),
    ]);
    expect(restrictedBy.get('src/regimes/sa-zatca/cli/zone-probe-cli.ts')).toEqual([]);
    expect(restrictedBy.get('src/regimes/sa-zatca/zone-probe-own-cli.ts')).toEqual([
      expect.stringContaining('A regime imports only'),
    ]);
    expect(restrictedBy.get('src/regimes/sa-zatca/services/zone-probe-own-cli.ts')).toEqual([
      expect.stringContaining("A regime's services/ are the pipeline's floor"),
    ]);
  });

  it('lets one regime reach another only through its face', () => {
    expect(facesBy.get('src/regimes/in-ewaybill/face-probe-other-regime.ts')).toEqual([
      expect.stringContaining('through its public face, regimes/in-einvoice/'),
    ]);
    expect(facesBy.get('src/regimes/in-ewaybill/face-probe-other-regime-face.ts')).toEqual([]);
  });
});

describe('regime names (eslint.config.mjs, no-restricted-syntax)', () => {
  it('refuses a regime name as a string, a literal type or in SQL outside regimes/ and config/', () => {
    for (const probe of [
      'src/sync/regime-name-probe.ts',
      'src/api/regime-name-probe-type.ts',
      'src/database/repositories/regime-name-probe-sql.ts',
    ]) {
      expect(syntaxBy.get(probe)).toEqual([expect.stringContaining('A regime name belongs to its regime')]);
    }
  });

  it('lets regimes/ and config/ name regimes, and any file mention one in prose', () => {
    for (const probe of [
      'src/regimes/sa-zatca/regime-name-probe.ts',
      'src/config/regime-name-probe.ts',
      'src/sync/regime-name-probe-message.ts',
    ]) {
      expect(syntaxBy.get(probe)).toEqual([]);
    }
  });
});

describe('public faces (eslint.config.mjs, faces/import-through-face)', () => {
  it('refuses an import, re-export, import type or dynamic import of a file inside another part', () => {
    expect(facesBy.get('src/sync/face-probe-deep.ts')).toEqual([
      expect.stringContaining('import compliance/ through its public face, compliance/'),
    ]);
    expect(facesBy.get('src/sync/face-probe-deep-export.ts')).toEqual([
      expect.stringContaining('import domain/ through its public face, domain/'),
    ]);
    expect(facesBy.get('src/sync/face-probe-deep-type.ts')).toEqual([
      expect.stringContaining('import compliance/ through its public face'),
    ]);
    expect(facesBy.get('src/sync/face-probe-deep-dynamic.ts')).toEqual([
      expect.stringContaining('import compliance/ through its public face'),
    ]);
  });

  it("lets a part import another part's face, a subfolder's face or a top-level file, and its own files directly", () => {
    for (const probe of [
      'src/sync/face-probe-face.ts',
      'src/sync/face-probe-subface.ts',
      'src/sync/face-probe-top-level-file.ts',
      'src/sync/face-probe-own-file.ts',
      'src/compliance/nic-gateway/face-probe-sibling-subface.ts',
    ]) {
      expect(facesBy.get(probe)).toEqual([]);
    }
  });

  it('refuses a file the face of a folder it is in (a circle through the index)', () => {
    expect(facesBy.get('src/sync/face-probe-own-face.ts')).toEqual([
      expect.stringContaining('the face of sync/'),
    ]);
    expect(facesBy.get('src/regimes/sa-zatca/face-probe-own-subface.ts')).toEqual([
      expect.stringContaining('the face of regimes/sa-zatca/'),
    ]);
  });
});
