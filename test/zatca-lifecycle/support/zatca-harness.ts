/** Simulator + real clients + onboarding + regime, wired as the service wires them, for one test suite. */
import { randomBytes } from 'node:crypto';
import { InMemoryZatcaChainStore } from '../../../src/regimes/sa-zatca/chain';
import { InMemoryEgsCredentialStore } from '../../support/in-memory-egs-credential-store';
import { FatooraClient } from '../../../src/regimes/sa-zatca/fatoora.client';
import { ZatcaOnboardingService } from '../../../src/regimes/sa-zatca/onboarding.service';
import { SecretBox } from '../../../src/security/secret-box';
import { ZatcaRegime, type ZatcaRegimeDependencies } from '../../../src/regimes/sa-zatca/zatca.regime';
import { zatcaXmlTools } from '../../../src/regimes/sa-zatca/zatca-xml-tools';
import type { SubmitContext } from '../../../src/compliance/regime';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { submitContext as sharedSubmitContext } from '../../support/submit-context';

export interface ZatcaHarness {
  simulator: ZatcaSimulator;
  client: FatooraClient;
  store: InMemoryEgsCredentialStore;
  chain: InMemoryZatcaChainStore;
  onboarding: ZatcaOnboardingService;
  regime: ZatcaRegime;
  /** Another regime on the same simulator, chain and credentials, with some dependencies replaced. */
  regimeWith(overrides: Partial<ZatcaRegimeDependencies>): ZatcaRegime;
  secretBox: SecretBox;
  logLines: string[];
}

export async function startZatcaHarness(): Promise<ZatcaHarness> {
  const simulator = await startZatcaSimulator();
  const logLines: string[] = [];
  const log = {
    info: (message: string, meta?: object) => void logLines.push(`${message} ${JSON.stringify(meta ?? {})}`),
  };
  const client = new FatooraClient({ baseUrl: simulator.url, timeoutMs: 5_000, log });
  const secretBox = new SecretBox(randomBytes(32));
  const store = new InMemoryEgsCredentialStore(secretBox);
  const chain = new InMemoryZatcaChainStore();
  const onboarding = new ZatcaOnboardingService({
    provider: client,
    store,
    ...zatcaXmlTools,
    log,
  });
  const dependencies: ZatcaRegimeDependencies = {
    provider: client,
    chain,
    credentials: onboarding,
    ...zatcaXmlTools,
  };
  const regime = new ZatcaRegime(dependencies);
  const regimeWith = (overrides: Partial<ZatcaRegimeDependencies>) =>
    new ZatcaRegime({ ...dependencies, ...overrides });
  return { simulator, client, store, chain, onboarding, regime, regimeWith, secretBox, logLines };
}

export function submitContext(overrides: Partial<SubmitContext> = {}): SubmitContext {
  return sharedSubmitContext({ connectorInstance: 'riyadh-erp', ...overrides });
}
