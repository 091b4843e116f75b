/** The `sa-zatca` regime's commands (found by the CLI: src/cli/regime-commands.ts). */
import type { RegimeCommands } from '../../../cli';
import { zatcaCommand } from './zatca-command';

export const regimeCommands: RegimeCommands = (ctx) => [zatcaCommand(ctx)];
