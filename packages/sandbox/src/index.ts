export { startSandbox } from './start-sandbox';
export type { RunningSandbox, SandboxOptions } from './start-sandbox';
export { SIMULATORS } from './simulators';
export * from './framework';
export * from './einvoice';
export * from './ewaybill';
export * from './returns';
export {
  assertPortsFree,
  DEFAULT_SANDBOX_PORTS,
  sandboxPortsFromEnv,
  SandboxPortError,
} from './sandbox-ports';
export { startZatcaSimulator, type ZatcaSimulator } from './zatca';
export { startTallySimulator, type TallySimulator } from './tally';
