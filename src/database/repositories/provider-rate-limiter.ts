/**
 * A provider's request allowance (at most `limit` sends per `windowMs` per key: provider + client id)
 * shared by every process on the database, so N workers together stay within what the GSP grants one
 * client rather than N times it. Each turn is taken under a transaction-scoped advisory lock per key:
 * count the key's sends of the last window, and record this one if there is room, else wait until the
 * oldest leaves the window. A 429's Retry-After pauses the key for every process.
 *
 * Within a process one taker per key asks the database for as many turns as callers are waiting, in one
 * transaction (so a busy key costs one round of statements per batch of sends, not per send); waiting
 * callers hold no pool connections.
 */
import type { DataSource } from 'typeorm';
import { monotonicNow } from '../../domain';
import { NO_CLIENT_PACING, type ClientRateLimit, type RateLimiter } from '../../ports';

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** No allowance configured: no pacing, only a 429's Retry-After pauses the key (see ClientRateLimiter). */
const DEFAULT_RATE: ClientRateLimit = NO_CLIENT_PACING;

interface Waiter {
  granted(): void;
  failed(error: unknown): void;
}

export class ProviderRateLimiter implements RateLimiter {
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly taking = new Set<string>();
  private readonly pausedUntil = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly rate: ClientRateLimit = DEFAULT_RATE,
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
    private readonly onPauseError: (error: Error) => void = () => undefined,
  ) {}

  acquire(key: string): Promise<void> {
    if (this.rate.limit <= 0 && !this.pausedUntil.has(key)) return Promise.resolve();
    return new Promise((granted, failed) => {
      const waiting = this.waiters.get(key);
      if (waiting) waiting.push({ granted, failed });
      else this.waiters.set(key, [{ granted, failed }]);
      if (!this.taking.has(key)) void this.take(key);
    });
  }

  pause(key: string, ms: number): void {
    const until = monotonicNow() + ms;
    this.pausedUntil.set(key, Math.max(until, this.pausedUntil.get(key) ?? 0));
    // The shared pause ends by the database's clock, which the other processes read it by.
    this.dataSource
      .query(
        `INSERT INTO provider_rate_pause (key, paused_until)
         VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET paused_until = GREATEST(provider_rate_pause.paused_until, EXCLUDED.paused_until)`,
        [key, ms],
      )
      .catch((error: unknown) => this.onPauseError(error as Error));
  }

  /** Hands turns on `key` to its waiting callers, oldest first, until none is left waiting. */
  private async take(key: string): Promise<void> {
    this.taking.add(key);
    try {
      for (;;) {
        const waiting = this.waiters.get(key) ?? [];
        if (waiting.length === 0) return;
        const local = (this.pausedUntil.get(key) ?? 0) - monotonicNow();
        if (local > 0) {
          await this.sleep(local);
          continue;
        }
        this.pausedUntil.delete(key);
        let turns: { granted: number; waitMs: number };
        try {
          turns = await this.tryTake(key, waiting.length);
        } catch (error) {
          waiting.splice(0).forEach((waiter) => waiter.failed(error));
          continue;
        }
        waiting.splice(0, turns.granted).forEach((waiter) => waiter.granted());
        if (turns.waitMs > 0 && waiting.length > 0) await this.sleep(turns.waitMs);
      }
    } finally {
      this.taking.delete(key);
      this.waiters.delete(key);
    }
  }

  /** Takes up to `wanted` turns on `key` now; when fewer, how long until the next may be free. */
  private tryTake(key: string, wanted: number): Promise<{ granted: number; waitMs: number }> {
    const { limit, windowMs } = this.rate;
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`provider-rate:${key}`]);
      await m.query(
        `DELETE FROM provider_rate_send
         WHERE key = $1 AND sent_at <= clock_timestamp() - $2 * interval '1 millisecond'`,
        [key, windowMs],
      );
      const [state]: { paused_ms: number | null; sent: number; oldest_free_ms: number | null }[] =
        await m.query(
          `SELECT
             (SELECT EXTRACT(EPOCH FROM paused_until - clock_timestamp()) * 1000
                FROM provider_rate_pause WHERE key = $1) AS paused_ms,
             count(*)::int AS sent,
             EXTRACT(EPOCH FROM min(sent_at) + $2 * interval '1 millisecond' - clock_timestamp()) * 1000
               AS oldest_free_ms
           FROM provider_rate_send WHERE key = $1`,
          [key, windowMs],
        );
      const paused = Number(state.paused_ms ?? 0);
      if (paused > 0) return { granted: 0, waitMs: Math.ceil(paused) };
      if (limit <= 0) return { granted: wanted, waitMs: 0 };
      const granted = Math.max(0, Math.min(wanted, limit - state.sent));
      if (granted > 0) {
        await m.query(
          `INSERT INTO provider_rate_send (key, sent_at) SELECT $1, clock_timestamp() FROM generate_series(1, $2)`,
          [key, granted],
        );
      }
      if (granted === wanted) return { granted, waitMs: 0 };
      // The window frees its first turn when its oldest send leaves it (this batch's, if it was empty).
      const oldestFree = state.sent > 0 ? Number(state.oldest_free_ms ?? 1) : windowMs;
      return { granted, waitMs: Math.max(1, Math.ceil(oldestFree)) };
    });
  }
}
