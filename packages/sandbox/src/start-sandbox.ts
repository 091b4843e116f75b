/** Starts every registered simulator on one shared clock; `stop()` closes them all. */
import { SandboxClock } from './framework/clock';
import type { SimulatorFactory, StartedSimulator } from './framework/simulator';
import {
  einvoiceSimulator,
  type EinvoiceSandboxOptions,
  type EinvoiceSimulatorHandle,
} from './einvoice/einvoice-simulator';
import type { ReturnsSandboxOptions } from './returns/returns-simulator';
import { SIMULATORS } from './simulators';

export interface SandboxOptions extends EinvoiceSandboxOptions, ReturnsSandboxOptions {
  clock?: SandboxClock;
  /** Start only these simulators (by name); all when absent. */
  only?: string[];
}

export interface RunningSandbox {
  /** Base URL per service name (einvoiceGsp, einvoiceApi, and whatever other simulators add). */
  urls: Record<string, string>;
  clock: SandboxClock;
  einvoice: EinvoiceSimulatorHandle;
  simulators: StartedSimulator[];
  stop(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const clock = options.clock ?? new SandboxClock();
  const factories = SIMULATORS.filter((factory) => !options.only || options.only.includes(factory.name));
  const started: { factory: SimulatorFactory; simulator: StartedSimulator }[] = [];
  const stopAll = () => Promise.all(started.map(({ simulator }) => simulator.stop())).then(() => undefined);
  try {
    for (const factory of factories) {
      started.push({ factory, simulator: await factory.start({ clock, options }) });
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  const einvoice = started.find(({ factory }) => factory === (einvoiceSimulator as SimulatorFactory));
  return {
    urls: Object.assign({}, ...started.map(({ simulator }) => simulator.urls)) as Record<string, string>,
    clock,
    einvoice: einvoice?.simulator.handle as EinvoiceSimulatorHandle,
    simulators: started.map(({ simulator }) => simulator),
    stop: stopAll,
  };
}
