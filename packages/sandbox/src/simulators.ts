/**
 * The registration point of the simulated outside world: `startSandbox` starts every factory listed
 * here. To add one (Tally, ZATCA, e-way bill, returns), implement `SimulatorFactory` in its own folder
 * and append it to this list; its options go under `simulatorOptions[<name>]`.
 */
import { einvoiceSimulator } from './einvoice/einvoice-simulator';
import type { SimulatorFactory } from './framework/simulator';
import { returnsSimulator } from './returns/returns-simulator';

export const SIMULATORS: readonly SimulatorFactory[] = [einvoiceSimulator, returnsSimulator];
