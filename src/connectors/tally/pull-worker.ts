/**
 * The connector's side of a pull worker thread (tally-pull.worker.ts). A worker takes one window at a time;
 * its batches wait, serialised, on a message port until `results` reads them in order. The worker is
 * referenced only while it has a window, so an idle one never keeps the process alive.
 */
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { ConnectorError } from '../contract';
import {
  READY,
  type PullContextMessage,
  type PullWorkerData,
  type PullWorkerResult,
  type ToPullWorker,
} from './pull-worker-protocol';
import type { TallyHttpOptions } from './tally-http-client';
import { startSourceWorker } from '../source-worker';
import type { WindowBatch } from './window-batches';

/**
 * The worker's young generation (V8's default is 48 MB: two 16 MB semi-spaces and more). Its documents are
 * posted as soon as a batch is full, so little survives a scavenge; measured on 100,000 10-line vouchers,
 * 24 MB took some 25 MB off the process's peak RSS at no measurable CPU cost; 12 MB cost CPU.
 */
const WORKER_YOUNG_GENERATION_MB = 24;

export class PullWorker {
  private nextTask = 0;
  private current?: number;
  private failure?: Error;
  /** The worker has loaded its modules (under ts-node that takes a second or more). */
  private ready = false;
  private stopped = false;
  private wake?: () => void;

  private constructor(
    private readonly worker: Worker,
    private readonly results: MessagePort,
  ) {
    worker.unref();
    worker.on('message', (message: number) => {
      if (message === READY) this.ready = true;
      this.wakeUp();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`pull worker exited (code ${code})`)));
  }

  /** A started worker, or undefined where worker threads cannot be started. */
  static start(http: TallyHttpOptions): PullWorker | undefined {
    const { port1, port2 } = new MessageChannel();
    try {
      const worker = startSourceWorker(
        join(__dirname, 'tally-pull.worker'),
        { http, results: port2 } satisfies PullWorkerData,
        { transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } },
      );
      return new PullWorker(worker, port1);
    } catch {
      port1.close();
      return undefined;
    }
  }

  /** Can take a window: ready, and the last one it was given has been read to its end. */
  get idle(): boolean {
    return this.ready && this.current === undefined && !this.failure && !this.stopped;
  }

  /** Has a window not yet read to its end. */
  get busy(): boolean {
    return this.current !== undefined;
  }

  /** Still starting or running: may become idle. */
  get alive(): boolean {
    return !this.failure && !this.stopped;
  }

  setContext(context: Omit<PullContextMessage, 'kind'>): void {
    this.send({ kind: 'context', ...context });
  }

  /** Starts fetching a window; returns the task to read with `results`. */
  fetch(envelope: string): number {
    const task = this.nextTask++;
    this.current = task;
    this.worker.ref();
    this.send({ kind: 'window', task, envelope });
    return task;
  }

  /**
   * The task's batches, in order. Returns false, having yielded nothing, when the worker died before its
   * first batch (the caller then pulls the window itself); a failure after that is a ConnectorError.
   */
  async *batches(task: number): AsyncGenerator<WindowBatch, boolean> {
    let delivered = false;
    for (;;) {
      const received = receiveMessageOnPort(this.results);
      if (received) {
        const result = received.message as PullWorkerResult;
        if (result.task !== task) continue;
        if ('error' in result) {
          this.finish();
          const { errorClass, message, details } = result.error;
          throw errorClass ? new ConnectorError(errorClass, message, details) : new Error(message);
        }
        delivered = true;
        if (result.last) this.finish();
        yield { documents: result.documents, read: result.read, last: result.last };
        if (result.last) return true;
        continue;
      }
      if (this.failure) {
        if (!delivered) return false;
        throw new ConnectorError('system', `Tally pull worker failed: ${this.failure.message}`);
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.results.close();
    await this.worker.terminate();
  }

  private finish(): void {
    this.current = undefined;
    this.worker.unref();
  }

  private send(message: ToPullWorker): void {
    this.worker.postMessage(message);
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private fail(error: Error): void {
    if (this.stopped) return;
    this.failure ??= error;
    this.worker.unref();
    this.wakeUp();
  }
}
