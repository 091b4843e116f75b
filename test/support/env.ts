import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';

// Integration suites log warnings and errors only, unless LOG_LEVEL says otherwise.
process.env.LOG_LEVEL ??= 'warn';

/**
 * Diagnostics for an intermittent "Test suite failed to run: read ECONNRESET" (an 'error' event that no
 * one listens to, surfacing in whichever suite runs next): before Node throws it, say which emitter it
 * was and, for a socket, which connection, so the next occurrence names its source.
 */
const WRAPPED = Symbol.for('connector-tests.unhandled-error-diagnostics');
const emitter = EventEmitter.prototype as EventEmitter & { [WRAPPED]?: true };
// Setup files run once per suite in the same worker: wrap once.
if (!emitter[WRAPPED]) {
  emitter[WRAPPED] = true;
  const originalEmit = EventEmitter.prototype.emit;
  EventEmitter.prototype.emit = function emitWithDiagnostics(
    this: EventEmitter,
    event: string | symbol,
    ...args: unknown[]
  ): boolean {
    if (event === 'error' && this.listenerCount('error') === 0) {
      const socket = this as Partial<Socket>;
      const request = this as { method?: string; host?: string; path?: string };
      const where =
        socket.remotePort !== undefined || socket.localPort !== undefined
          ? ` local port ${socket.localPort} -> ${socket.remoteAddress}:${socket.remotePort}`
          : request.path !== undefined
            ? ` ${request.method} ${request.host}${request.path}`
            : '';
      const error = args[0] as Error | undefined;
      console.error(
        `[unhandled 'error' event] on ${this.constructor?.name ?? 'an emitter'}${where}: ${error?.message}\n${error?.stack ?? ''}\n${new Error('emitted from').stack}`,
      );
    }
    return originalEmit.call(this, event, ...args);
  };
}
