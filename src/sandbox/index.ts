export { startSandbox } from './start-sandbox';
export type { RunningSandbox, SandboxOptions } from './start-sandbox';
export { SIMULATORS } from './simulators';
export * from './framework';
export * from './einvoice';
