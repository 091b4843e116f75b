import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, defaultConfigPath, loadConfig } from './config-loader';
import { redact } from '../security';

const yamlDirs: string[] = [];
afterAll(() => yamlDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function writeYaml(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
  yamlDirs.push(dir);
  const file = join(dir, 'c.yaml');
  writeFileSync(file, text);
  return file;
}

describe('loadConfig', () => {
  it('says a YAML syntax error in one line: the file, line and column (issue 29)', () => {
    const file = writeYaml('server:\n  port: 3000\n   roles: [api]\n');
    const attempt = () => loadConfig({ CONFIG_FILE: file }, defaultConfigPath());
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(`config file ${file} line 2, column 9: YAML syntax error: `);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(1);
      expect((error as ConfigError).problems[0]).not.toContain('\n');
    }
  });

  it('loads the shipped defaults into a typed object', () => {
    const config = loadConfig({}, defaultConfigPath());
    expect(config.server.port).toBe(3000);
    expect(config.server.roles).toEqual(['api', 'worker', 'scheduler']);
    expect(config.connectors.map((c) => c.name)).toEqual([
      'csv-example',
      'tally-example',
      'ksa-example',
      'goods-example',
      'webhook-example',
    ]);
  });

  it('applies environment overrides over the files', () => {
    const config = loadConfig(
      {
        PORT: '8081',
        PROCESS_ROLES: 'worker',
        DATABASE_URL: 'postgres://u:p@db:5432/x',
        API_KEYS: 'k'.repeat(20),
      },
      defaultConfigPath(),
    );
    expect(config.server.port).toBe(8081);
    expect(config.server.roles).toEqual(['worker']);
    expect(config.database.url).toBe('postgres://u:p@db:5432/x');
    expect(config.security.apiKeys).toEqual(['k'.repeat(20)]);
  });

  it('stops with every bad setting named, with its value and rule', () => {
    const file = writeYaml('server:\n  port: 70000\n  roles: [api, cook]\nqueue:\n  batchSize: 0\n');
    let error: unknown;
    try {
      loadConfig({}, file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/server\.port: .*65535.*\(value: 70000\)/);
    expect(problems).toMatch(/server\.roles: .*one of the following values: api, worker, scheduler/);
    expect(problems).toMatch(/queue\.batchSize: .*1/);
  });

  it('never prints a secret value in a validation message', () => {
    const file = writeYaml(
      'database:\n  url: "mysql://root:hunter2@db/x"\nsecurity:\n  apiKeys: ["short-secret"]\n',
    );
    try {
      loadConfig({}, file);
      throw new Error('expected a ConfigError');
    } catch (e) {
      const text = (e as ConfigError).message;
      expect(text).toMatch(/database\.url/);
      expect(text).toMatch(/security\.apiKeys/);
      expect(text).not.toMatch(/hunter2|short-secret/);
    }
  });

  it('interpolates ${VAR} and ${VAR:-default}, and names a missing variable', () => {
    const file = writeYaml('database:\n  url: ${DB_URL}\nserver:\n  dataDir: ${DATA:-/var/lib/connector}\n');
    const config = loadConfig({ DB_URL: 'postgres://a:b@h/d' }, file);
    expect(config.database.url).toBe('postgres://a:b@h/d');
    expect(config.server.dataDir).toBe('/var/lib/connector');
    expect(() => loadConfig({}, file)).toThrow(/DB_URL is referenced but not set/);
  });

  it("takes V8's heap growing percent from the file or HEAP_GROWING_PERCENT, and refuses a negative one", () => {
    expect(loadConfig({}, defaultConfigPath()).server.heapGrowingPercent).toBe(100);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }, defaultConfigPath()).server.heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-5' }, defaultConfigPath())).toThrow(
      /server\.heapGrowingPercent/,
    );
  });

  it('rejects unknown settings (typos) instead of ignoring them', () => {
    const file = writeYaml('server:\n  prot: 3000\n');
    expect(() => loadConfig({}, file)).toThrow(/server\.prot: .*should not exist/);
  });
});

describe('redact (configuration)', () => {
  it('redacts @Secret() fields and secret-looking keys at any depth', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://u:pw@h/d', API_KEYS: 'z'.repeat(20) },
      defaultConfigPath(),
    );
    const shown = JSON.stringify(
      redact({ ...config, extra: { nested: { clientSecret: 'abc', password: 'p' } } }),
    );
    expect(shown).not.toMatch(/pw@h|zzzz|"abc"|"p"/);
    expect(shown).toMatch(/\[redacted\]/);
  });
});
