/**
 * An incremental JSON scanner for files too large to hold: text is pushed in chunks, the containers on
 * the way to the large arrays (`navigate`) are walked token by token, and every element of a large array
 * (`streams`) is handed over as soon as it is complete, parsed on its own; the scanner keeps no more than
 * one element's text. Every other value on the way (the header's scalars, small objects) is handed over
 * whole. Malformed input throws a JsonScanError with the line, column and JSON path where it went wrong.
 * Pure: no I/O.
 */

export type JsonPath = readonly (string | number)[];

export interface JsonScanHandlers {
  /** True for an object to walk into rather than hand over whole. */
  navigate(path: JsonPath): boolean;
  /** True for an array whose elements are handed over one by one. */
  streams(path: JsonPath): boolean;
  /** An element of a streamed array, or a value of a walked container that is not walked itself. */
  value(path: JsonPath, value: unknown): void;
}

export class JsonScanError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
    readonly path: string,
  ) {
    super(`malformed JSON at line ${line}, column ${column} (in ${path || 'the top level'}): ${reason}`);
  }
}

/** Largest element accepted, in characters: one supplier's entry of a portal file is far below it. */
export const MAX_ELEMENT_CHARS = 64 * 1024 * 1024;

interface Frame {
  kind: 'object' | 'array';
  path: (string | number)[];
  /** object: 'key' | 'colon' | 'value' | 'comma'; array: 'value' | 'comma' (first: 'first'). */
  expect: 'key' | 'colon' | 'value' | 'comma' | 'first';
  key?: string;
  index: number;
  streamed: boolean;
}

const WS = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

export function formatPath(path: JsonPath): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : text ? `.${part}` : part;
  return text;
}

export class JsonArrayScanner {
  private readonly stack: Frame[] = [];
  private done = false;
  private started = false;
  /** Text not yet consumed (a partial token at the structure level). */
  private pending = '';
  // Capture of one value (container or scalar) spread over chunks.
  private capturing = false;
  private pieces: string[] = [];
  private captured = 0;
  private depth = 0;
  private inString = false;
  private escape = false;
  private scalar = false;
  private capturePath: (string | number)[] = [];
  private captureLine = 1;
  private captureColumn = 1;
  // Position of the start of `pending` (or of the current chunk).
  private line = 1;
  private lineStart = 0;
  private offset = 0;

  constructor(private readonly handlers: JsonScanHandlers) {}

  write(chunk: string): void {
    const text = this.pending + chunk;
    const base = this.offset - this.pending.length;
    this.pending = '';
    let i = 0;
    while (i < text.length) {
      if (this.capturing) {
        const end = this.scanCapture(text, i, base);
        if (end < 0) {
          this.pieces.push(text.slice(i));
          this.captured += text.length - i;
          if (this.captured > MAX_ELEMENT_CHARS) {
            this.fail(
              `one entry is larger than ${MAX_ELEMENT_CHARS / 1024 / 1024} MB of text`,
              base + text.length,
            );
          }
          i = text.length;
          break;
        }
        this.pieces.push(text.slice(i, end));
        this.finishCapture(base + end);
        i = end;
        continue;
      }
      const next = this.structure(text, i, base);
      if (next < 0) {
        this.pending = text.slice(i);
        break;
      }
      i = next;
    }
    this.offset = base + text.length;
  }

  /** The end of input: anything still open is an error. */
  end(): void {
    if (this.capturing && this.scalar && !this.inString) {
      this.finishCapture(this.offset);
    }
    if (this.pending.trim() !== '') this.fail('unexpected end of input', this.offset);
    if (this.capturing || this.stack.length > 0 || !this.started) {
      this.fail('unexpected end of input (the file is cut short)', this.offset);
    }
  }

  private fail(reason: string, at: number, path?: JsonPath): never {
    const top = this.stack[this.stack.length - 1];
    const where = path ?? (this.capturing ? this.capturePath : top ? this.currentPath(top) : []);
    throw new JsonScanError(reason, this.line, at - this.lineStart + 1, formatPath(where));
  }

  private currentPath(frame: Frame): JsonPath {
    if (frame.kind === 'array') return [...frame.path, frame.index];
    return frame.key !== undefined ? [...frame.path, frame.key] : frame.path;
  }

  /** One structure-level token from `i`; the index after it, or -1 when the token is incomplete. */
  private structure(text: string, i: number, base: number): number {
    const c = text.charCodeAt(i);
    if (WS(c)) {
      if (c === 10) {
        this.line += 1;
        this.lineStart = base + i + 1;
      }
      return i + 1;
    }
    if (this.done) this.fail(`unexpected "${text[i]}" after the end of the document`, base + i);
    const frame = this.stack[this.stack.length - 1];
    if (!frame) {
      this.started = true;
      return this.beginValue(text, i, base, []);
    }
    if (frame.kind === 'object') {
      switch (frame.expect) {
        case 'key':
        case 'first': {
          if (c === 125 && frame.expect === 'first') return this.close(i);
          if (c !== 34) this.fail(`expected a property name in double quotes, found "${text[i]}"`, base + i);
          const end = stringEnd(text, i + 1);
          if (end < 0) return -1;
          frame.key = JSON.parse(text.slice(i, end)) as string;
          frame.expect = 'colon';
          return end;
        }
        case 'colon':
          if (c !== 58) this.fail(`expected ":" after "${frame.key}", found "${text[i]}"`, base + i);
          frame.expect = 'value';
          return i + 1;
        case 'value':
          frame.expect = 'comma';
          return this.beginValue(text, i, base, [...frame.path, frame.key!]);
        case 'comma':
          if (c === 125) return this.close(i);
          if (c !== 44) this.fail(`expected "," or "}", found "${text[i]}"`, base + i);
          frame.expect = 'key';
          frame.key = undefined;
          return i + 1;
      }
    }
    // array
    if (frame.expect === 'first' || frame.expect === 'value') {
      if (c === 93 && frame.expect === 'first') return this.close(i);
      frame.expect = 'comma';
      return this.beginValue(text, i, base, [...frame.path, frame.index]);
    }
    if (c === 93) return this.close(i);
    if (c !== 44) this.fail(`expected "," or "]", found "${text[i]}"`, base + i);
    frame.index += 1;
    frame.expect = 'value';
    return i + 1;
  }

  private close(i: number): number {
    this.stack.pop();
    if (this.stack.length === 0) this.done = true;
    return i + 1;
  }

  private beginValue(text: string, i: number, base: number, path: (string | number)[]): number {
    const c = text.charCodeAt(i);
    const parent = this.stack[this.stack.length - 1];
    if (c === 123 && !parent?.streamed && this.handlers.navigate(path)) {
      this.stack.push({ kind: 'object', path, expect: 'first', index: 0, streamed: false });
      return i + 1;
    }
    if (c === 91 && !parent?.streamed && this.handlers.streams(path)) {
      this.stack.push({ kind: 'array', path, expect: 'first', index: 0, streamed: true });
      return i + 1;
    }
    if (c === 125 || c === 93 || c === 44 || c === 58) {
      this.fail(`expected a value, found "${text[i]}"`, base + i, path);
    }
    if (this.stack.length === 0) this.done = true;
    // Capture the whole value (a container or a scalar) and parse it on its own.
    this.capturing = true;
    this.pieces = [];
    this.captured = 0;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
    this.scalar = c !== 123 && c !== 91;
    this.capturePath = path;
    this.captureLine = this.line;
    this.captureColumn = base + i - this.lineStart + 1;
    return i;
  }

  /** Scans a captured value from `i`: the index after its end, or -1 when it goes on in the next chunk. */
  private scanCapture(text: string, i: number, base: number): number {
    const n = text.length;
    let depth = this.depth;
    let inString = this.inString;
    let escape = this.escape;
    const scalar = this.scalar;
    let first = this.captured === 0 && this.pieces.length === 0;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escape) escape = false;
        else if (c === 92) escape = true;
        else if (c === 34) {
          inString = false;
          if (scalar && depth === 0) {
            this.inString = false;
            return i + 1;
          }
        }
        continue;
      }
      if (scalar) {
        if (c === 34 && first) {
          inString = true;
          first = false;
          continue;
        }
        first = false;
        if (c === 44 || c === 125 || c === 93 || WS(c)) {
          this.inString = false;
          return i;
        }
        continue;
      }
      if (c === 34) inString = true;
      else if (c === 123 || c === 91) depth += 1;
      else if (c === 125 || c === 93) {
        depth -= 1;
        if (depth === 0) {
          this.depth = 0;
          this.inString = false;
          this.escape = false;
          return i + 1;
        }
      } else if (c === 10) {
        this.line += 1;
        this.lineStart = base + i + 1;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escape = escape;
    return -1;
  }

  private finishCapture(_at: number): void {
    const text = this.pieces.length === 1 ? this.pieces[0] : this.pieces.join('');
    this.pieces = [];
    this.capturing = false;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const position = Number(/position (\d+)/.exec(message)?.[1] ?? text.length);
      const before = text.slice(0, position);
      const newlines = before.split('\n').length - 1;
      const line = this.captureLine + newlines;
      const column = newlines === 0 ? this.captureColumn + position : position - before.lastIndexOf('\n');
      throw new JsonScanError(
        message.replace(/ in JSON at position \d+.*$/s, '').replace(/^Unexpected/, 'unexpected'),
        line,
        column,
        formatPath(this.capturePath),
      );
    }
    this.handlers.value(this.capturePath, value);
  }
}

/** Index after the closing quote of a string whose content starts at `i`; -1 when not in `text`. */
function stringEnd(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i += 1;
    else if (c === 34) return i + 1;
  }
  return -1;
}
