/**
 * A pull worker thread: fetches one sync window from Tally, scans, normalises and hashes its vouchers, and
 * posts the SourceDocuments back in the batches the connector yields. Windows run one at a time, in the
 * order they arrive.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { ConnectorError } from '../contract';
import {
  READY,
  type PulledError,
  type PullContextMessage,
  type PullWindowMessage,
  type PullWorkerData,
  type PullWorkerResult,
  type ToPullWorker,
} from './pull-worker-protocol';
import { TallyHttpClient } from './tally-http-client';
import { masterIndexOf } from './tally-masters';
import { VOUCHER_RECORDS } from './tally-envelopes';
import { documentTypeOf } from './voucher-types';
import { windowBatches, type WindowWork } from './window-batches';

function serve(channel: MessagePort, data: PullWorkerData): void {
  const client = new TallyHttpClient(data.http);
  let work: WindowWork | undefined;
  let queue = Promise.resolve();

  const post = (result: PullWorkerResult): void => {
    data.results.postMessage(result);
    channel.postMessage(result.task);
  };

  const pullWindow = async (message: PullWindowMessage): Promise<void> => {
    try {
      if (!work) throw new Error('pull worker got a window before its context');
      for await (const batch of windowBatches(client.records(message.envelope, VOUCHER_RECORDS), work)) {
        post({ task: message.task, ...batch });
      }
    } catch (error) {
      post({ task: message.task, error: describe(error) });
    }
  };

  channel.on('message', (message: ToPullWorker) => {
    if (message.kind === 'context') {
      work = workOf(message);
      return;
    }
    queue = queue.then(() => pullWindow(message));
  });
  channel.postMessage(READY);
}

function workOf(message: PullContextMessage): WindowWork {
  const { company, masters, voucherTypes, hashExcluded, batchLimit } = message;
  return {
    ctx: {
      company,
      masters: masterIndexOf(masters),
      documentTypeOf: (type) => documentTypeOf(voucherTypes, type),
    },
    hashExcluded: new Set(hashExcluded),
    batchLimit,
  };
}

function describe(error: unknown): PulledError {
  if (error instanceof ConnectorError) {
    return { message: error.message, errorClass: error.errorClass, details: error.details };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

if (parentPort) serve(parentPort, workerData as PullWorkerData);
