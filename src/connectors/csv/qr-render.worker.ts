/** Worker-thread side of QrRenderPool: renders and writes one QR PNG per message. */
import { parentPort } from 'node:worker_threads';
import { writeQrPng } from './qr-image';

export interface QrRenderRequest {
  id: number;
  directory: string;
  name: string;
  payload: string;
}

export type QrRenderReply = { id: number; file: string } | { id: number; error: string };

parentPort?.on('message', (request: QrRenderRequest) => {
  let reply: QrRenderReply;
  try {
    reply = { id: request.id, file: writeQrPng(request.directory, request.name, request.payload) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
