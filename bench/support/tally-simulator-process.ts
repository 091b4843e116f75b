/**
 * The Tally simulator in a process of its own, so a benchmark measures the connector and not the XML
 * generation. Forked by `forkTallySimulator`; talks over the IPC channel: it receives the simulator's options,
 * answers with its URL, and on `stop` answers with its own peak RSS and exits.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { extname } from 'node:path';
import { startTallySimulator, type TallySimulatorOptions } from '@erp-connector/sandbox/tally';

type ToChild = { start: TallySimulatorOptions } | { cpu: true } | { stop: true };
type FromChild = { url: string } | { cpuSeconds: number } | { peakRssBytes: number } | { error: string };

export interface ForkedTallySimulator {
  url: string;
  /** CPU time the simulator's process has used so far, in seconds. */
  cpuSeconds(): Promise<number>;
  /** Stops the simulator and its process; resolves to the process's peak RSS in bytes. */
  stop(): Promise<number>;
}

export function forkTallySimulator(options: TallySimulatorOptions): Promise<ForkedTallySimulator> {
  const child = fork(__filename, [], {
    // Compiled (npm run bench) the child is plain JavaScript; from sources it needs ts-node.
    execArgv: extname(__filename) === '.ts' ? ['-r', 'ts-node/register/transpile-only'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`simulator process exited (${code}) before starting`)));
    child.once('message', (message: FromChild) => {
      child.removeAllListeners('exit');
      if ('url' in message)
        resolve({ url: message.url, cpuSeconds: () => childCpu(child), stop: () => stopChild(child) });
      else reject(new Error('error' in message ? message.error : 'unexpected answer'));
    });
    child.send({ start: options } satisfies ToChild);
  });
}

function childCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (message: FromChild) => resolve('cpuSeconds' in message ? message.cpuSeconds : 0));
    child.send({ cpu: true } satisfies ToChild);
  });
}

function stopChild(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('message', (message: FromChild) =>
      resolve('peakRssBytes' in message ? message.peakRssBytes : 0),
    );
    child.once('error', reject);
    child.send({ stop: true } satisfies ToChild);
  });
}

function serve(): void {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  let stop: (() => Promise<void>) | undefined;
  const reply = (message: FromChild): void => {
    process.send?.(message);
  };
  process.on('message', (message: ToChild) => {
    if ('start' in message) {
      startTallySimulator(message.start).then(
        (sim) => {
          stop = () => sim.stop();
          reply({ url: sim.url });
        },
        (error: unknown) => reply({ error: String(error) }),
      );
      return;
    }
    if ('cpu' in message) {
      const { user, system } = process.cpuUsage();
      reply({ cpuSeconds: (user + system) / 1e6 });
      return;
    }
    clearInterval(sampler);
    const kernelPeak = process.resourceUsage().maxRSS * 1024;
    void (stop?.() ?? Promise.resolve()).then(() => {
      reply({ peakRssBytes: Math.max(peakRss, kernelPeak) });
      process.disconnect();
    });
  });
}

if (require.main === module && process.send) serve();
