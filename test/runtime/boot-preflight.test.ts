/**
 * Issue 29: what an operator can fix in the configuration or on the machine is one line each, said before
 * PostgreSQL or the sandbox start (main.ts runs bootPreflight right after loading the configuration).
 */
import { createServer, type Server } from 'node:net';
import { bootPreflight } from '../../src/boot-preflight';
import { ConfigError, defaultConfigPath, loadConfig, validateConfig } from '../../src/config/config-loader';

const base = { server: { port: 0 }, sandbox: { enabled: true } };
const csvInstance = (regimeSettings: Record<string, unknown>) => ({
  name: 'books',
  kind: 'csv',
  enabled: true,
  regimes: ['in-einvoice'],
  config: { profile: 'india-b2b-lines' },
  regimeSettings,
});

async function problemsOf(raw: Record<string, unknown>): Promise<string[]> {
  try {
    await bootPreflight(validateConfig({ ...base, ...raw }));
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('boot preflight', () => {
  it('passes the shipped example instances (sandbox on: its gateway account and company GSTIN stand in)', async () => {
    const tally = { name: 'tally-books', kind: 'tally', enabled: true, regimes: ['in-einvoice'], config: {} };
    expect(
      await problemsOf({ connectors: [csvInstance({ 'in-einvoice': { gstin: '29AADCD4821K1ZI' } }), tally] }),
    ).toEqual([]);
  });

  it('passes the shipped default configuration', async () => {
    await expect(bootPreflight(loadConfig({ PORT: '0' }, defaultConfigPath()))).resolves.toBeUndefined();
  });

  it('names an unknown connector kind and the kinds there are', async () => {
    const problems = await problemsOf({ connectors: [{ ...csvInstance({}), kind: 'sap' }] });
    expect(problems).toContain('connectors.books.kind: unknown kind "sap" (known: csv, webhook, tally)');
  });

  it('names a missing GSTIN of an India instance', async () => {
    expect(await problemsOf({ connectors: [csvInstance({})] })).toEqual([
      'connectors.books.regimeSettings.in-einvoice: missing gstin',
    ]);
  });

  it('names the credentials a production start (sandbox off) lacks', async () => {
    const problems = await problemsOf({
      sandbox: { enabled: false },
      connectors: [csvInstance({ 'in-einvoice': { gstin: '29AADCD4821K1ZI' } })],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^connectors\.books\.regimeSettings\.in-einvoice: missing baseUrl, clientId, clientSecret/,
    );
  });

  it('says a taken port is taken, with how to choose another', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', resolve));
    const { port } = holder.address() as { port: number };
    try {
      expect(await problemsOf({ server: { port } })).toEqual([
        `server.port: port ${port} is taken by another process; stop that process or choose another with PORT=`,
      ]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
