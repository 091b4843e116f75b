/**
 * Takes a verified webhook body: validates each document, ingests every one it can tell apart (one with
 * field errors as MAPPING_FAILED, as the CSV connector does) in one transaction together with the
 * Idempotency-Key receipt, and answers with document ids and per-item errors. A repeated key with the
 * same body gets the stored answer; with a different body, 422.
 */
import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ConnectorError, isPushSource, type SourceDocument } from '../connectors';
import { WebhookReceiptRepository } from '../database/repositories';
import { type FieldError, SubmissionState } from '../domain';
import { AppConfig } from '../config';
import { QueueService } from '../queue';
import { isTransactionConflict, retryingConflicts } from '../database';
import type { LiveConnector } from './connector-runtime.service';
import { IngestService } from './ingest.service';
import { enqueueIntake } from './intake-jobs';

export interface WebhookAnswer {
  status: 202 | 400;
  body: {
    accepted: { index: number; documentId: string; erpId: string; result: string }[];
    /**
     * Items with field errors. One that names a document (documentId) was stored as MAPPING_FAILED, to be
     * fixed by an override or a corrected post; one without could not be told apart and was not stored.
     */
    rejected: {
      index: number;
      errors: FieldError[];
      documentId?: string;
      erpId?: string;
      result?: string;
      state?: SubmissionState;
    }[];
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
    private readonly config: AppConfig,
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
    const { connector } = live;
    if (!isPushSource(connector))
      throw new ConnectorError(
        'config',
        `connector ${live.name} (${live.kind}) does not take pushed documents`,
      );
    const read = connector.read(body);
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
    // Every item that names a document is stored, valid or not (one with field errors as MAPPING_FAILED,
    // where the failure queue shows it); the body is refused only when nothing in it can be stored.
    const stored = read.items.filter(
      (i): i is typeof i & { document: SourceDocument } => i.document !== undefined,
    );
    const unusable = read.items.filter((i) => i.errors && !i.document);
    if (stored.length === 0) {
      return {
        status: 400,
        body: {
          accepted: [],
          rejected: unusable.map((i) => ({ index: i.index, errors: i.errors ?? [] })),
          message:
            'no document in the body can be stored: each needs an externalId or a seller, documentType, ' +
            'documentNumber and documentDate to be told apart',
          errors: unusable.flatMap((i) => i.errors ?? []),
        },
      };
    }
    // Concurrent posts can deadlock in PostgreSQL; the loser's transaction is run again, and if it keeps
    // losing the sender hears 503 (send again), never a 500.
    const outcome = await retryingConflicts(() =>
      this.store(live, stored, unusable, requestHash, idempotencyKey),
    ).catch((error: unknown) => {
      if (!isTransactionConflict(error)) throw error;
      throw new ConnectorError(
        'transient',
        'the batch met concurrent work in the database (deadlock) three times; nothing was stored, send it again',
      );
    });
    if (outcome.raced) {
      const previous = await this.receipts.find(live.id, idempotencyKey ?? '');
      if (!previous) throw new Error('idempotency receipt vanished');
      return this.replay(previous.requestHash, requestHash, previous.responseStatus, previous.responseBody);
    }
    await enqueueIntake(this.queue, outcome.submissionIds, this.config.queue.batchSize);
    return outcome.answer;
  }

  /** One transaction: the documents, their submissions and the Idempotency-Key receipt. */
  private store(
    live: LiveConnector,
    stored: { index: number; document: SourceDocument; errors?: FieldError[] }[],
    unusable: { index: number; errors?: FieldError[] }[],
    requestHash: string,
    idempotencyKey: string | undefined,
  ): Promise<{ raced: true } | { raced: false; answer: WebhookAnswer; submissionIds: string[] }> {
    return this.dataSource
      .transaction(async (m) => {
        const results = await this.ingest.ingestBatch(
          live.id,
          live,
          stored.map((i) => i.document),
          undefined,
          m,
        );
        const accepted: WebhookAnswer['body']['accepted'] = [];
        const rejected: WebhookAnswer['body']['rejected'] = [];
        results.forEach((r, n) => {
          const { index, errors } = stored[n];
          const entry = { index, documentId: r.documentId, erpId: r.erpId, result: r.result };
          if (errors) rejected.push({ ...entry, state: SubmissionState.MappingFailed, errors });
          else accepted.push(entry);
        });
        for (const item of unusable) rejected.push({ index: item.index, errors: item.errors ?? [] });
        rejected.sort((a, b) => a.index - b.index);
        const answer: WebhookAnswer = { status: 202, body: { accepted, rejected } };
        if (idempotencyKey) {
          const receipt = await this.receipts.insert(
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
          if (!receipt) return { raced: true as const };
        }
        return { raced: false as const, answer, submissionIds: results.flatMap((r) => r.submissionIds) };
      })
      .catch((error: unknown) => {
        if (idempotencyKey && isUniqueViolation(error)) return { raced: true as const };
        throw error;
      });
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
