/**
 * Keeps the SUBMITTING lease of submissions alive while their compliance call is in progress. The sweep
 * presumes a submission SUBMITTING for longer than the lease (queue.submittingLeaseSeconds) was left by a
 * dead worker and releases it as an unknown outcome. A live call can legitimately take longer than that:
 * it may wait in the client's rate limiter, honour several Retry-After answers or retry a timeout. Renewing
 * at a third of the lease lets the sweep tell the two apart: a process that dies stops renewing, and its
 * submissions are released one lease later, as before.
 */
import type { Logger } from '@nestjs/common';

export interface LeaseRenewal {
  renew(ids: readonly string[]): Promise<void>;
  leaseSeconds: number;
  logger: Pick<Logger, 'warn'>;
  /** What is held, for the warning when it cannot be renewed; default "SUBMITTING lease". */
  name?: string;
}

/** Renews the lease of `ids` (SUBMITTING, a write-back claim) until the returned function is called. */
export function holdLease(ids: readonly string[], renewal: LeaseRenewal): () => void {
  if (ids.length === 0) return () => undefined;
  let renewing: Promise<void> | undefined;
  const timer = setInterval(
    () => {
      if (renewing) return; // the database is slower than a third of the lease: do not pile up updates
      renewing = renewal
        .renew(ids)
        .catch((error: unknown) =>
          renewal.logger.warn(
            `could not renew the ${renewal.name ?? 'SUBMITTING lease'} of ${ids.length} submission(s): ${String(error)}`,
          ),
        )
        .finally(() => (renewing = undefined));
    },
    (renewal.leaseSeconds * 1000) / 3,
  );
  // The renewal never keeps a closing process alive: its calls are what do.
  timer.unref();
  return () => clearInterval(timer);
}
