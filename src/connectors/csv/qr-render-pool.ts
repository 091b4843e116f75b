/**
 * Renders QR PNGs on worker threads, off the event loop: a signed QR takes about half a millisecond of
 * CPU (symbol, pixels, deflate), which at hundreds of write-backs a second is the single largest cost of
 * a CSV write-back and would otherwise stall every other request the process serves. Workers start on
 * first use and are stopped by `close()`; where no worker can be started the PNG is rendered inline.
 * One message per QR on purpose: a round trip costs under 10 µs of CPU, and sending a tick's requests
 * as one message per worker saved about half of that, under 1% of a render.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startSourceWorker } from '../source-worker';
import { writeQrPng } from './qr-image';
import type { QrRenderReply, QrRenderRequest } from './qr-render.worker';

interface Pending {
  resolve(file: string): void;
  reject(error: Error): void;
}

export class QrRenderPool {
  private workers?: Worker[];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private turn = 0;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1))) {}

  render(directory: string, name: string, payload: string): Promise<string> {
    const workers = this.startWorkers();
    if (workers.length === 0) return Promise.resolve(writeQrPng(directory, name, payload));
    const id = this.nextId++;
    const worker = workers[this.turn++ % workers.length];
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, directory, name, payload } satisfies QrRenderRequest);
    });
  }

  async close(): Promise<void> {
    const workers = this.workers ?? [];
    this.workers = undefined;
    await Promise.all(workers.map((worker) => worker.terminate()));
    for (const pending of this.pending.values()) pending.reject(new Error('QR renderer stopped'));
    this.pending.clear();
  }

  private startWorkers(): Worker[] {
    if (this.workers) return this.workers;
    this.workers = [];
    try {
      for (let i = 0; i < this.size; i++) {
        const worker = startSourceWorker(join(__dirname, 'qr-render.worker'), {});
        worker.unref();
        worker.on('message', (reply: QrRenderReply) => this.settle(reply));
        worker.on('error', (error) => this.failAll(error));
        this.workers.push(worker);
      }
    } catch {
      this.workers = [];
    }
    return this.workers;
  }

  private settle(reply: QrRenderReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if ('file' in reply) pending.resolve(reply.file);
    else pending.reject(new Error(reply.error));
  }

  /** A worker that died takes its requests with it; later renders start fresh workers. */
  private failAll(error: Error): void {
    void this.close().catch(() => undefined);
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
