/**
 * A child app's raw configuration with what recovery after a crash rests on as shipped: the queue's
 * leases and the sweep's period (the e2e defaults shorten them), and the scheduler role that sweeps.
 */
import { QueueConfig, ScheduleConfig } from '../../src/config/app-config';

export function withShippedLeases(raw: Record<string, unknown>): Record<string, unknown> {
  const queue = new QueueConfig();
  return {
    ...raw,
    server: { ...(raw.server as object), roles: ['api', 'worker', 'scheduler'] },
    queue: {
      ...(raw.queue as object),
      submittingLeaseSeconds: queue.submittingLeaseSeconds,
      writeBackLeaseSeconds: queue.writeBackLeaseSeconds,
      workerLeaseSeconds: queue.workerLeaseSeconds,
      staleJobSeconds: queue.staleJobSeconds,
    },
    schedule: { ...(raw.schedule as object), sweepEverySeconds: new ScheduleConfig().sweepEverySeconds },
  };
}
