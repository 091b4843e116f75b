import * as http from 'node:http';
import * as https from 'node:https';
import { ConnectorError } from '../contract';
import { connectorErrorForNetworkFailure, connectorErrorForStatus } from '../kit/http-failures';
import {
  NotTallyXml,
  TallyRecordReader,
  TallyXmlError,
  type RecordReaderOptions,
} from './xml/tally-xml-reader';
import { encodingFromContentType } from './xml/text-decoder';
import type { TallyNode } from './xml/tally-node';

export interface TallyHttpOptions {
  url: string;
  timeoutMs: number;
  /** Send UTF-16LE (with BOM) and ask for UTF-16 back. */
  utf16: boolean;
  /** The largest answer read, in bytes; a longer one is stopped and named (default 1 GiB). */
  maxResponseBytes?: number;
}

export const DEFAULT_MAX_TALLY_RESPONSE_BYTES = 1024 * 1024 * 1024;

/**
 * POSTs XML envelopes to Tally's HTTP listener and streams the answer record by record. Tally serves one
 * request at a time, so one keep-alive socket is enough. HTTP answers and network failures are classed by
 * the connector kit (a proxy's 401/403 is config, 5xx and network failures transient); answers that are
 * not acceptable XML are system errors. The transport stays node:http: the answer is streamed record by
 * record and the timeout is the socket's idle time, not the whole (possibly long) answer's.
 */
export class TallyHttpClient {
  private readonly agent: http.Agent;
  private readonly target: URL;

  constructor(private readonly options: TallyHttpOptions) {
    this.target = new URL(options.url);
    const Agent = this.target.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: 1 });
  }

  /** Streams the elements selected by `records` (plus LINEERROR, which becomes a ConnectorError). */
  async *records(
    envelope: string,
    records: RecordReaderOptions['records'],
    options: { keepTallyMarkers?: boolean } = {},
  ): AsyncGenerator<TallyNode> {
    const response = await this.post(envelope);
    // A web page (a proxy's or another server's) has none of Tally's elements: say so, rather than let
    // the caller read "no companies open".
    if (/html/i.test(response.headers['content-type'] ?? '')) {
      response.destroy();
      throw new ConnectorError(
        'config',
        `${this.options.url} answered with an HTML page, not Tally's XML: is it TallyPrime's XML port?`,
        { url: this.options.url, contentType: response.headers['content-type'] },
      );
    }
    const reader = new TallyRecordReader({
      records,
      also: records === 'root' ? undefined : LINE_ERROR,
      encoding: encodingFromContentType(response.headers['content-type']),
      keepTallyMarkers: options.keepTallyMarkers,
      tallyAnswer: true,
    });
    const limit = this.options.maxResponseBytes ?? DEFAULT_MAX_TALLY_RESPONSE_BYTES;
    let received = 0;
    try {
      for await (const chunk of response) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          throw new ConnectorError(
            'system',
            `Tally's answer passed ${limit} bytes (tally maxResponseBytes) and was stopped: ` +
              'ask for fewer vouchers a request (batchSize) or raise the limit',
            { url: this.options.url, maxResponseBytes: limit },
          );
        }
        for (const node of this.read(() => reader.write(chunk as Buffer))) yield node;
      }
      for (const node of this.read(() => reader.end())) yield node;
    } catch (error) {
      throw this.classify(error);
    } finally {
      if (!response.complete) response.destroy();
    }
  }

  /** The whole (small) answer as one tree. */
  async document(envelope: string): Promise<TallyNode> {
    for await (const root of this.records(envelope, 'root')) return root;
    throw new ConnectorError('system', 'Tally returned an empty response');
  }

  close(): void {
    this.agent.destroy();
  }

  private *read(step: () => TallyNode[]): Generator<TallyNode> {
    for (const node of step()) {
      if (node.name === 'LINEERROR') throw lineError(node.text.trim());
      yield node;
    }
  }

  private post(envelope: string): Promise<http.IncomingMessage> {
    const body = this.options.utf16
      ? Buffer.from(`\ufeff${envelope}`, 'utf16le')
      : Buffer.from(envelope, 'utf8');
    const transport = this.target.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        this.target,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            'Content-Type': `text/xml;charset=${this.options.utf16 ? 'utf-16' : 'utf-8'}`,
            'Content-Length': body.length,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve(response);
          response.resume();
          reject(
            connectorErrorForStatus('Tally', {
              status,
              header: (name) => [response.headers[name.toLowerCase()]].flat()[0],
            }),
          );
        },
      );
      request.setTimeout(this.options.timeoutMs, () =>
        request.destroy(new TallyTimeout(`no answer from Tally within ${this.options.timeoutMs} ms`)),
      );
      request.on('error', (error) => reject(this.classify(error)));
      request.end(body);
    });
  }

  private classify(error: unknown): ConnectorError {
    if (error instanceof ConnectorError) return error;
    if (error instanceof NotTallyXml)
      return new ConnectorError('config', `${this.options.url}: ${error.message}`, { url: this.options.url });
    if (error instanceof TallyXmlError) return new ConnectorError('system', error.message);
    if (error instanceof TallyTimeout)
      return new ConnectorError('transient', error.message, { url: this.options.url });
    return connectorErrorForNetworkFailure(`Tally at ${this.options.url}`, error);
  }
}

class TallyTimeout extends Error {}

const LINE_ERROR: ReadonlySet<string> = new Set(['LINEERROR']);

/** Tally's LINEERROR text as a classed error: an unknown company is the user's configuration to fix. */
export function lineError(text: string): ConnectorError {
  const errorClass = /compan/i.test(text) ? 'config' : 'system';
  return new ConnectorError(errorClass, `Tally: ${text}`, { lineError: text });
}
