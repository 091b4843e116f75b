/**
 * A job a regime runs on a schedule, and the ports it runs with. The regime's logic lives in its folder
 * as a plain `run(ports)`; what it needs from storage or the pipeline it declares as ports (interfaces
 * in compliance/, each with a `RegimePort` token). sync/ enqueues the job every `everySeconds` with one
 * key (a tick on every process creates one job) and runs it with a `RegimeJobPorts` that hands out the
 * implementation bound to each token (database/ repositories, sync/ adapters). A port the job declares
 * and nothing implements stops the boot.
 */

/** A typed name for something a regime's job needs; `T` is the interface it is implemented by. */
export interface RegimePort<T> {
  readonly name: string;
  /** The dependency-injection token its implementation is bound to. */
  readonly token: symbol;
  /** Carries `T` only in the type. */
  readonly _implementedBy?: T;
}

export function regimePort<T>(name: string): RegimePort<T> {
  return { name, token: Symbol(name) };
}

/** What a running job is handed: the implementations of the ports it declared, and a log. */
export interface RegimeJobPorts {
  get<T>(port: RegimePort<T>): T;
  readonly log: RegimeJobLog;
}

export interface RegimeJobLog {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * A job the regime needs on a schedule (ZATCA's reporting of simplified invoices). `run` does one pass
 * with the declared `ports`; a pass that is a Nest service of the regime (its services/ floor) is itself
 * a port the regime's providers bind.
 */
export interface RegimeJob<R = unknown> {
  /** The queue name, also the job key. */
  name: string;
  everySeconds: number;
  /** A setting under `schedule:` that overrides `everySeconds`. */
  scheduleSetting?: string;
  /** Every port `run` asks for: checked at boot to be implemented. */
  ports?: readonly RegimePort<unknown>[];
  run(ports: RegimeJobPorts): Promise<R>;
}
