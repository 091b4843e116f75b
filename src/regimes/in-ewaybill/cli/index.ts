/** The `in-ewaybill` regime's commands (found by the CLI: src/cli/regime-commands.ts). */
import type { RegimeCommands } from '../../../cli';
import { ewaybillCommand } from './ewaybill-command';

export const regimeCommands: RegimeCommands = (ctx) => [ewaybillCommand(ctx)];
