/**
 * The e-invoice sandbox (GSP/IRP) in a process of its own, as the real IRP is another machine: its
 * RS256 signing then runs beside the connector instead of inside its event loop. Forked by
 * `forkSandbox`; talks over the IPC channel: it receives the sandbox options, answers with its URLs and
 * public key, answers `count` with the registrations recorded so far, and on `stop` answers with the CPU
 * it used and exits.
 */
import { setPriority } from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { extname } from 'node:path';
import { startSandbox, startZatcaSimulator, type SandboxOptions } from '@erp-connector/sandbox';

/** The ZATCA simulator's options a benchmark gives (its latency comes from SANDBOX_LATENCY). */
export interface ZatcaProcessOptions {
  environment: 'simulation';
  latency: string;
}

type ToChild =
  | { start: SandboxOptions }
  | { startZatca: ZatcaProcessOptions }
  | { count: true }
  | { cpu: true }
  | { stop: true };
type FromChild =
  | { urls: Record<string, string>; publicKeyPem: string; otp?: string }
  | { registrations: number }
  | { cpuSeconds: number }
  | { error: string };

export interface ForkedSandbox {
  urls: Record<string, string>;
  publicKeyPem: string;
  /** The ZATCA simulator's OTP (forkZatcaSimulator). */
  otp?: string;
  /** IRNs the sandbox has registered so far (ZATCA: invoices cleared or reported, compliance checks aside). */
  registrations(): Promise<number>;
  /** CPU seconds the sandbox process has used so far. */
  cpuSeconds(): Promise<number>;
  /** CPU seconds the sandbox process has used since it started. */
  stop(): Promise<number>;
}

export function forkSandbox(options: SandboxOptions): Promise<ForkedSandbox> {
  return forkService({ start: options });
}

/** The ZATCA simulator (Fatoora API) in a process of its own, answering each call after `latency`. */
export function forkZatcaSimulator(options: ZatcaProcessOptions): Promise<ForkedSandbox> {
  return forkService({ startZatca: options }, { SANDBOX_LATENCY: options.latency });
}

function forkService(start: ToChild, env: Record<string, string> = {}): Promise<ForkedSandbox> {
  const child = fork(__filename, [], {
    env: { ...process.env, ...env },
    // Compiled (npm run bench) the child is plain JavaScript; from sources it needs ts-node.
    execArgv: [
      ...(extname(__filename) === '.ts' ? ['-r', 'ts-node/register/transpile-only'] : []),
      // BENCH_SANDBOX_PROFILE=<dir>: a CPU profile of the sandbox process, written when it stops.
      ...(process.env.BENCH_SANDBOX_PROFILE
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SANDBOX_PROFILE]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`sandbox process exited (${code}) before starting`)));
    child.once('message', (message: FromChild) => {
      child.removeAllListeners('exit');
      if ('urls' in message) {
        resolve({
          urls: message.urls,
          publicKeyPem: message.publicKeyPem,
          otp: message.otp,
          registrations: () =>
            ask(child, { count: true }).then((m) => ('registrations' in m ? m.registrations : 0)),
          cpuSeconds: () => ask(child, { cpu: true }).then((m) => ('cpuSeconds' in m ? m.cpuSeconds : 0)),
          stop: () => ask(child, { stop: true }).then((m) => ('cpuSeconds' in m ? m.cpuSeconds : 0)),
        });
      } else reject(new Error('error' in message ? message.error : 'unexpected answer'));
    });
    child.send(start);
  });
}

function ask(child: ChildProcess, message: ToChild): Promise<FromChild> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: FromChild): void => {
      child.off('error', onError);
      resolve(answer);
    };
    const onError = (error: Error): void => {
      child.off('message', onMessage);
      reject(error);
    };
    child.once('message', onMessage);
    child.once('error', onError);
    child.send(message);
  });
}

function serve(): void {
  // BENCH_SANDBOX_NICE (default 10): the simulated IRP stands in for a remote service, so on a machine
  // shared with the connector it runs at a lower priority: its signing threads (made later) inherit it.
  const nice = Number(process.env.BENCH_SANDBOX_NICE ?? 10);
  if (Number.isInteger(nice) && nice !== 0) setPriority(nice);
  let stop: (() => Promise<void>) | undefined;
  let registrations = (): number => 0;
  const reply = (message: FromChild): void => {
    process.send?.(message);
  };
  process.on('message', (message: ToChild) => {
    if ('start' in message) {
      startSandbox(message.start).then(
        (sandbox) => {
          stop = () => sandbox.stop();
          registrations = () => sandbox.einvoice.registrations().length;
          reply({ urls: sandbox.urls, publicKeyPem: sandbox.einvoice.publicKeyPem });
        },
        (error: unknown) => reply({ error: String(error) }),
      );
      return;
    }
    if ('startZatca' in message) {
      startZatcaSimulator({ environment: message.startZatca.environment }).then(
        (zatca) => {
          stop = () => zatca.stop();
          registrations = () =>
            zatca.records.invoices.filter(
              (r) => r.endpoint !== 'compliance' && (r.status === 'CLEARED' || r.status === 'REPORTED'),
            ).length;
          reply({ urls: { zatca: zatca.url }, publicKeyPem: '', otp: zatca.otp });
        },
        (error: unknown) => reply({ error: String(error) }),
      );
      return;
    }
    if ('count' in message) {
      reply({ registrations: registrations() });
      return;
    }
    if ('cpu' in message) {
      reply({ cpuSeconds: cpuSeconds() });
      return;
    }
    void (stop?.() ?? Promise.resolve()).then(() => {
      reply({ cpuSeconds: cpuSeconds() });
      process.disconnect();
    });
  });
}

function cpuSeconds(): number {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1e6;
}

if (require.main === module && process.send) serve();
