/**
 * Pulls one connector instance from its stored cursor, ingests each batch (documents and cursor in one
 * transaction), then enqueues the submissions that have work to do.
 */
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config';
import { ConnectorError } from '../connectors';
import { ConnectorInstanceRepository } from '../database/repositories';
import { QueueService } from '../queue';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { IngestService, type IngestResult } from './ingest.service';
import { enqueueIntake } from './intake-jobs';

export type PullStats = Record<IngestResult | 'batches' | 'problems', number>;

@Injectable()
export class PullService {
  private readonly logger = new Logger('Pull');

  constructor(
    private readonly connectors: ConnectorRuntimeService,
    private readonly instances: ConnectorInstanceRepository,
    private readonly ingest: IngestService,
    private readonly queue: QueueService,
    private readonly config: AppConfig,
  ) {}

  async pull(instanceName: string): Promise<PullStats> {
    const live = this.connectors.get(instanceName);
    if (!live) throw new ConnectorError('config', `no connector instance named ${instanceName}`);
    const stats: PullStats = {
      batches: 0,
      problems: 0,
      created: 0,
      unchanged: 0,
      updated: 0,
      'flagged-altered': 0,
      'flagged-deleted': 0,
    };
    const row = await this.instances.findById(live.id);
    for await (const batch of live.connector.pullSales(row?.cursor ?? null)) {
      const results = await this.ingest.ingestBatch(live.id, live, batch.documents, batch.cursor);
      stats.batches += 1;
      stats.problems += batch.problems?.length ?? 0;
      for (const problem of batch.problems ?? [])
        this.logger.warn(`${instanceName}: ${problem.path}: ${problem.message}`);
      for (const result of results) stats[result.result] += 1;
      await enqueueIntake(
        this.queue,
        results.flatMap((result) => result.submissionIds),
        this.config.queue.batchSize,
      );
    }
    await this.instances.recordPull(live.id, stats);
    if (stats.created + stats.updated + stats['flagged-altered'] > 0) {
      this.logger.log(`${instanceName}: ${JSON.stringify(stats)}`);
    }
    return stats;
  }
}
