/** Registers the job handlers when this process has the `worker` role. */
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config';
import { JobName, QueueService, regimeQueue } from '../queue';
import { IntakeValidationService } from './intake-validation.service';
import { PullService } from './pull.service';
import { SubmissionProcessorService } from './submission-processor.service';
import { SweepService } from './sweep.service';
import { WriteBackService } from './write-back.service';
import { RegimeJobs } from './regime-jobs';

@Injectable()
export class WorkersService implements OnApplicationBootstrap {
  constructor(
    private readonly config: AppConfig,
    private readonly queue: QueueService,
    private readonly pull: PullService,
    private readonly processor: SubmissionProcessorService,
    private readonly validation: IntakeValidationService,
    private readonly writeBack: WriteBackService,
    private readonly sweep: SweepService,
    private readonly regimeJobs: RegimeJobs,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
    if (!this.config.server.roles.includes('worker')) return;
    // Few fetchers for the occasional jobs: each one is a query every polling interval.
    await this.queue.work(
      JobName.ConnectorPull,
      async ({ instance }) => {
        await this.pull.pull(instance);
      },
      { fetchers: 2 },
    );
    // Validation has fetchers of its own, so it never waits for a send batch to finish.
    await this.queue.workBatch(
      JobName.SubmissionValidate,
      (jobs) => this.validation.validateMany(jobs.flatMap((job) => job.data.submissionIds)),
      { fetchers: 2, batchSize: 4 },
    );
    // Pipeline steps run a batch at a time: a few statements per batch rather than per document.
    const { batchSize, concurrency } = this.config.queue;
    const batches = { fetchers: Math.max(2, Math.floor(concurrency / 4)), batchSize };
    await this.queue.workBatch(
      JobName.SubmissionProcess,
      (jobs) => this.processor.processMany(jobs.map((job) => job.data.submissionId)),
      batches,
    );
    // A batch job already holds a batch: fetched one at a time, more of them at once than the other
    // queues, because a batch waits on the authority for most of its time (measured: 4 beat 2 by ~10%
    // on the 2-core benchmark machine; 6 and 8 gained nothing more).
    await this.queue.workBatch(
      JobName.SubmissionProcessBatch,
      (jobs) => this.processor.processMany(jobs.flatMap((job) => job.data.submissionIds)),
      { fetchers: Math.max(2, Math.floor(concurrency / 2)), batchSize: 1 },
    );
    await this.queue.workBatch(
      JobName.SubmissionWriteBack,
      (jobs) =>
        this.writeBack.writeBackMany(
          jobs.map((job) => ({ submissionId: job.data.submissionId, job: job.context })),
        ),
      batches,
    );
    await this.queue.work(
      JobName.PipelineSweep,
      async () => {
        await this.sweep.sweep();
      },
      { fetchers: 1 },
    );
    // The jobs the registered regimes declare (sync/regime-jobs.ts).
    for (const job of this.regimeJobs.declared()) {
      await this.queue.work(
        regimeQueue(job.name),
        async () => {
          await this.regimeJobs.run(job);
        },
        { fetchers: 1 },
      );
    }
  }
}
