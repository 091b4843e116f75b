/**
 * The application as a separate process, so a test can kill it mid-batch (SIGKILL: no shutdown hooks, no
 * graceful queue stop, connections cut). Started by `startChildApp` with its options as JSON in
 * E2E_CHILD_OPTIONS; prints `LISTENING <url>` once it serves.
 */
import { createApp } from '../../src/app.factory';
import { validateConfig } from '../../src/config/config-loader';
import type { RegimeDefaults } from '../../src/compliance';

interface ChildOptions {
  rawConfig: Record<string, unknown>;
  databaseUrl: string;
  regimeDefaults: RegimeDefaults;
}

async function main(): Promise<void> {
  const options = JSON.parse(process.env.E2E_CHILD_OPTIONS ?? '{}') as ChildOptions;
  const app = await createApp({
    config: validateConfig(options.rawConfig),
    databaseUrl: options.databaseUrl,
    regimeDefaults: options.regimeDefaults,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  process.stdout.write(`LISTENING http://127.0.0.1:${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
