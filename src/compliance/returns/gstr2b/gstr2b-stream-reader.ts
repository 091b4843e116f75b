/**
 * Reads a GSTR-2B file as it arrives (the portal's JSON, up to hundreds of MB) without holding it: the
 * scanner hands over one supplier entry of a section at a time, which is read by the same section rules
 * as a whole return (`parseGstr2b` on that one entry, its paths renumbered to the entry's place), and its
 * documents are given to `sink` in batches. The header (gstin, rtnprd, gendt, version, chksum) is read
 * wherever it stands in the file. Amendments are not applied here: they need the whole return, so the
 * store applies them (see ReconciliationRepository.stageGstr2b / replaceGstr2bFromImport).
 */
import { fieldError, type FieldError } from '../../../domain';
import type { Gstr2bDocument, Gstr2bReturn } from './gstr2b-document';
import { parseGstr2b } from './gstr2b-parser';
import { JsonArrayScanner, JsonScanError, type JsonPath } from './json-array-scanner';

export interface StreamedGstr2b {
  /** The return's header; undefined when it could not be read (see errors). */
  header?: Omit<Gstr2bReturn, 'documents' | 'replaced'>;
  documents: number;
  /** The first errors (at most `maxErrors`), with their JSON paths. */
  errors: FieldError[];
  errorCount: number;
}

export interface StreamReadOptions {
  /** Documents per call of `sink`. */
  batchSize?: number;
  /** Bytes accepted before the read is refused with a TooLargeError. */
  maxBytes?: number;
  maxErrors?: number;
  /**
   * Called once, as soon as the file has stated its GSTIN and return period (`rtnprd`, as written): the
   * caller may begin its own work on that period while the documents are still arriving. Only a hint: the
   * header the read returns, checked by the return's rules once the whole file is read, is the answer.
   */
  onHeader?: (header: { gstin: unknown; rtnprd: unknown }) => void;
}

export class Gstr2bTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the GSTR-2B file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
}

const HEADER_KEYS = new Set(['gstin', 'rtnprd', 'gendt', 'version']);
/** A stand-in header while an entry is read alone (the real one is checked once the file is read). */
const PLACEHOLDER = { gstin: '00AAAAA0000A0Z0', rtnprd: '012000' };

export async function readGstr2bStream(
  source: AsyncIterable<Buffer | string>,
  sink: (documents: Gstr2bDocument[]) => Promise<void>,
  options: StreamReadOptions = {},
): Promise<StreamedGstr2b> {
  const batchSize = options.batchSize ?? 2000;
  const maxErrors = options.maxErrors ?? 20;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const errors: FieldError[] = [];
  let errorCount = 0;
  let documents = 0;
  let ready: Gstr2bDocument[] = [];
  const header: Record<string, unknown> = {};
  const rootHeader: Record<string, unknown> = {};
  let envelope = false;
  let checksum: unknown;
  let headerSeen = false;
  const hint = (fields: Record<string, unknown>): void => {
    if (headerSeen || fields.gstin === undefined || fields.rtnprd === undefined) return;
    headerSeen = true;
    options.onHeader?.({ gstin: fields.gstin, rtnprd: fields.rtnprd });
  };
  const note = (found: readonly FieldError[]): void => {
    errorCount += found.length;
    for (const error of found) if (errors.length < maxErrors) errors.push(error);
  };

  const isDocdata = (path: JsonPath): boolean =>
    (path.length === 1 && path[0] === 'docdata') ||
    (path.length === 2 && path[0] === 'data' && path[1] === 'docdata');
  const scanner = new JsonArrayScanner({
    navigate: (path) => path.length === 0 || (path.length === 1 && path[0] === 'data') || isDocdata(path),
    streams: (path) => path.length >= 2 && isDocdata(path.slice(0, -1)),
    value: (path, value) => {
      if (path.length === 0) {
        note([fieldError('data', 'type.object', 'GSTR-2B data must be a JSON object')]);
        return;
      }
      const last = path[path.length - 1];
      if (typeof last === 'number') {
        readEntry(String(path[path.length - 2]), last, value);
        return;
      }
      if (path.length >= 2 && isDocdata(path.slice(0, -1))) {
        // A section that is not a list: the section rules say so.
        readSection(String(last), value, undefined);
        return;
      }
      if (path.length === 1 && last === 'data' && typeof value !== 'object') envelope = false;
      if (path.length === 1 && last === 'chksum') checksum = value;
      else if (path.length === 1 && HEADER_KEYS.has(String(last))) {
        rootHeader[String(last)] = value;
        if (!envelope) hint(rootHeader);
      } else if (path.length === 2 && path[0] === 'data' && HEADER_KEYS.has(String(last))) {
        envelope = true;
        header[String(last)] = value;
        hint(header);
      } else if (path.length === 2 && path[0] === 'data') envelope = true;
    },
  });

  function readSection(section: string, entries: unknown, index: number | undefined): void {
    const parsed = parseGstr2b({ data: { ...PLACEHOLDER, docdata: { [section]: entries } } });
    const from = `data.docdata.${section}[0]`;
    const to = `data.docdata.${section}[${index}]`;
    const renumber = (path: string): string =>
      index !== undefined && path.startsWith(from) ? to + path.slice(from.length) : path;
    note(parsed.errors.map((e) => ({ ...e, path: renumber(e.path) })));
    for (const document of [...(parsed.return?.documents ?? []), ...(parsed.return?.replaced ?? [])]) {
      document.path = renumber(document.path);
      ready.push(document);
      documents += 1;
    }
  }
  function readEntry(section: string, index: number, entry: unknown): void {
    readSection(section, [entry], index);
  }

  let bytes = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const flush = async (all: boolean): Promise<void> => {
    while (ready.length >= batchSize || (all && ready.length > 0)) {
      const batch = ready.slice(0, batchSize);
      ready = ready.slice(batch.length);
      await sink(batch);
    }
  };
  try {
    for await (const chunk of source) {
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (bytes > maxBytes) throw new Gstr2bTooLargeError(maxBytes);
      scanner.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      // Once the file is known unreadable nothing more is stored; the rest is still read for its errors.
      if (errorCount === 0) await flush(false);
      else ready = [];
    }
    scanner.write(decoder.decode());
    scanner.end();
  } catch (error) {
    if (error instanceof JsonScanError) {
      note([fieldError(error.path || '$', 'json.syntax', error.message)]);
      return { documents, errors, errorCount };
    }
    if (error instanceof TypeError && /encoded data|decode/i.test(error.message)) {
      note([fieldError('$', 'json.encoding', `the file is not valid UTF-8 (after ${bytes} bytes)`)]);
      return { documents, errors, errorCount };
    }
    throw error;
  }
  if (errorCount === 0) await flush(true);
  // The header is read by the same rules as a whole return's.
  const head = parseGstr2b({ data: envelope ? header : rootHeader });
  note(head.errors);
  if (!head.return) return { documents, errors, errorCount };
  const { gstin, period, version, generatedOn } = head.return;
  return {
    header: {
      gstin,
      period,
      ...(version !== undefined ? { version } : {}),
      ...(generatedOn !== undefined ? { generatedOn } : {}),
      ...(typeof checksum === 'string' ? { checksum } : {}),
    },
    documents,
    errors,
    errorCount,
  };
}
