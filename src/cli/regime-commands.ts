/**
 * A regime's own commands live in its folder (`src/regimes/<name>/cli/index.ts`, exporting
 * `regimeCommands`), found by that convention when the CLI starts: the CLI imports no regime, so a new
 * regime's commands come with its folder, as its routes and jobs do with its registration.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { CliContext } from './context';

/** What `src/regimes/<name>/cli/index.ts` exports. */
export type RegimeCommands = (ctx: CliContext) => Command[];

/** Where this build's regimes are: `src/regimes` beside `src/cli` (`dist/regimes` once built). */
export const REGIMES_FOLDER = resolve(__dirname, '..', 'regimes');

/** Every regime's commands under `folders`, regimes in name order; a folder that is not there has none. */
export function loadRegimeCommands(
  ctx: CliContext,
  folders: readonly string[] = [REGIMES_FOLDER],
): Command[] {
  const commands: Command[] = [];
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    const regimes = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const regime of regimes) {
      const face = join(folder, regime, 'cli');
      if (!['index.js', 'index.ts'].some((file) => existsSync(join(face, file)))) continue;
      // require, not import(): the module's own loader (jest's, ts-node's) reads a regime's .ts in a test
      // or a development run; the node16 import() would ask Node's ESM loader, which reads no TypeScript.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const loaded = require(face) as { regimeCommands?: unknown };
      if (typeof loaded.regimeCommands !== 'function') {
        throw new Error(`${face} does not export regimeCommands (src/cli/regime-commands.ts)`);
      }
      commands.push(...(loaded.regimeCommands as RegimeCommands)(ctx));
    }
  }
  return commands;
}
