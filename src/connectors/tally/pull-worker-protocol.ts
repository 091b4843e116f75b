/**
 * Messages between the connector and its pull workers. Setup (workerData): the HTTP options and the port
 * results come back on. To the worker: the pull's context, then windows (one Tally request each). Back:
 * batches on the results port, left there until the connector asks for them (receiveMessageOnPort), so a
 * window done ahead waits as bytes and its documents are built young, when handed over; and a bare task
 * number on the worker's own channel, to wake the connector (READY once, when the worker has loaded).
 */
import type { MessagePort } from 'node:worker_threads';
import type { ConnectorErrorClass, SourceDocument } from '../contract';
import type { CompanyInfo, MasterSnapshot } from './tally-masters';
import type { TallyHttpOptions } from './tally-http-client';
import type { SalesVoucherTypes } from './voucher-types';

/** Posted once on the worker's channel when it can take windows. */
export const READY = -1;

export interface PullWorkerData {
  http: TallyHttpOptions;
  results: MessagePort;
}

export interface PullContextMessage {
  kind: 'context';
  company: CompanyInfo;
  masters: MasterSnapshot;
  voucherTypes: SalesVoucherTypes;
  hashExcluded: string[];
  batchLimit: number;
}

export interface PullWindowMessage {
  kind: 'window';
  task: number;
  envelope: string;
}

export type ToPullWorker = PullContextMessage | PullWindowMessage;

export interface PulledError {
  message: string;
  errorClass?: ConnectorErrorClass;
  details?: Record<string, unknown>;
}

export type PullWorkerResult =
  | { task: number; documents: SourceDocument[]; read: number; last: boolean }
  | { task: number; error: PulledError };
