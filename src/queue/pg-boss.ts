/**
 * pg-boss 10, loaded with one adjustment. Its internal `delay()` requires `node:timers/promises` on
 * every call; its workers keep calling it for a moment after `stop()`. Under a test runner that swaps
 * `require` (jest), such a late call after a test file has finished throws and takes the whole run
 * down. This installs the same function with the module loaded once, before pg-boss's own modules
 * capture it, and then loads pg-boss.
 */
import type PgBossType from 'pg-boss';
import { setTimeout as wait } from 'node:timers/promises';

type AbortableDelay = Promise<void> & { abort(): void };

function delay(ms: number, error?: string): AbortableDelay {
  const controller = new AbortController();
  const promise = new Promise<void>((resolve, reject) => {
    wait(ms, null, { signal: controller.signal })
      .then(() => (error ? reject(new Error(error)) : resolve()))
      .catch(() => resolve());
  }) as AbortableDelay;
  promise.abort = () => {
    if (!controller.signal.aborted) controller.abort();
  };
  return promise;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const tools = require('pg-boss/src/tools') as { delay: typeof delay };
tools.delay = delay;

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const PgBoss = require('pg-boss') as typeof PgBossType;
