/**
 * What the process needs beyond the Nest app: the sandbox simulators (when enabled) and the compliance
 * regimes wired to their providers.
 */
import type { AppConfig } from './config/app-config';
import type { ComplianceRegime } from './compliance/regime';

export interface RuntimeExtras {
  regimes: ComplianceRegime[];
  stop(): Promise<void>;
}

export function startRuntimeExtras(_config: AppConfig): Promise<RuntimeExtras> {
  return Promise.resolve({ regimes: [], stop: () => Promise.resolve() });
}
