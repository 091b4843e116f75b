/**
 * Takes a verified webhook body: validates each document, ingests the good ones in one transaction
 * together with the Idempotency-Key receipt, and answers with document ids and per-item errors. A
 * repeated key with the same body gets the stored answer; with a different body, 422.
 */
import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { SourceDocument } from '../connectors/contract';
import type { WebhookConnector } from '../connectors/webhook/webhook.connector';
import { WebhookReceiptRepository } from '../database/repositories/webhook-receipt.repository';
import type { FieldError } from '../domain/field-error';
import { JobName } from '../queue/job-name';
import { QueueService } from '../queue/queue.service';
import type { LiveConnector } from './connector-runtime.service';
import { IngestService } from './ingest.service';

export interface WebhookAnswer {
  status: 202 | 400;
  body: {
    accepted: { index: number; documentId: string; erpId: string; result: string }[];
    rejected: { index: number; errors: FieldError[] }[];
    replayed?: boolean;
    message?: string;
    errors?: FieldError[];
  };
}

@Injectable()
export class WebhookIntakeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ingest: IngestService,
    private readonly receipts: WebhookReceiptRepository,
    private readonly queue: QueueService,
  ) {}

  async receive(
    live: LiveConnector,
    body: unknown,
    rawBody: Buffer,
    idempotencyKey?: string,
  ): Promise<WebhookAnswer> {
    const requestHash = createHash('sha256').update(rawBody).digest('hex');
    if (idempotencyKey) {
      const previous = await this.receipts.find(live.id, idempotencyKey);
      if (previous)
        return this.replay(previous.requestHash, requestHash, previous.responseStatus, previous.responseBody);
    }
    const read = (live.connector as WebhookConnector).read(body);
    if (!read.ok) {
      return {
        status: 400,
        body: {
          accepted: [],
          rejected: [],
          message: 'the body is not a canonical invoice batch',
          errors: read.errors,
        },
      };
    }
    const good = read.items.filter(
      (i): i is typeof i & { document: SourceDocument } => i.document !== undefined,
    );
    const rejected = read.items
      .filter((i) => i.errors)
      .map((i) => ({ index: i.index, errors: i.errors ?? [] }));
    if (good.length === 0) {
      return {
        status: 400,
        body: {
          accepted: [],
          rejected,
          message: 'no document in the body is valid',
          errors: rejected.flatMap((r) => r.errors),
        },
      };
    }
    const outcome = await this.dataSource
      .transaction(async (m) => {
        const results = await this.ingest.ingestBatch(
          live.id,
          live,
          good.map((i) => i.document),
          undefined,
          m,
        );
        const answer: WebhookAnswer = {
          status: 202,
          body: {
            accepted: results.map((r, n) => ({
              index: good[n].index,
              documentId: r.documentId,
              erpId: r.erpId,
              result: r.result,
            })),
            rejected,
          },
        };
        if (idempotencyKey) {
          const stored = await this.receipts.insert(
            {
              connectorInstanceId: live.id,
              idempotencyKey,
              requestHash,
              responseStatus: 202,
              responseBody: answer.body,
            },
            m,
          );
          // A concurrent request with the same key committed first: undo ours and answer as it did.
          if (!stored) return { raced: true as const };
        }
        return { raced: false as const, answer, submissionIds: results.flatMap((r) => r.submissionIds) };
      })
      .catch((error: unknown) => {
        if (idempotencyKey && isUniqueViolation(error)) return { raced: true as const };
        throw error;
      });
    if (outcome.raced) {
      const previous = await this.receipts.find(live.id, idempotencyKey ?? '');
      if (!previous) throw new Error('idempotency receipt vanished');
      return this.replay(previous.requestHash, requestHash, previous.responseStatus, previous.responseBody);
    }
    for (const submissionId of outcome.submissionIds) {
      await this.queue.send(JobName.SubmissionProcess, { submissionId }, { key: submissionId });
    }
    return outcome.answer;
  }

  private replay(storedHash: string, requestHash: string, status: number, body: unknown): WebhookAnswer {
    if (storedHash !== requestHash) {
      throw new UnprocessableEntityException(
        'Idempotency-Key was already used with a different request body',
      );
    }
    return { status: status as 202, body: { ...(body as WebhookAnswer['body']), replayed: true } };
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
