/**
 * A worker process for the lease test: works the batch queue with a handler that never finishes, and
 * prints `HOLDING <submission ids>` for each fetch it holds, so the test can kill it (SIGKILL) while its
 * jobs are active. Options as JSON in LEASE_CHILD_OPTIONS.
 */
import { validateConfig } from '../../src/config/config-loader';
import { JobName } from '../../src/queue/job-name';
import { QueueService } from '../../src/queue/queue.service';

async function main(): Promise<void> {
  const { databaseUrl, rawConfig } = JSON.parse(process.env.LEASE_CHILD_OPTIONS ?? '{}') as {
    databaseUrl: string;
    rawConfig: Record<string, unknown>;
  };
  const queue = new QueueService(databaseUrl, validateConfig(rawConfig));
  await queue.workBatch(
    JobName.SubmissionProcessBatch,
    (jobs) => {
      const ids = jobs.flatMap((job) => job.data.submissionIds);
      process.stdout.write(`HOLDING ${ids.join(',')}\n`);
      return new Promise<never>(() => undefined);
    },
    { fetchers: 1, batchSize: 10 },
  );
  process.stdout.write('WORKING\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
