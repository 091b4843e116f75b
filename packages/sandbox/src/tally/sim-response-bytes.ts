/**
 * The bytes of one simulator answer, gathered in chunks of about `chunkBytes` in the answer's encoding:
 * text is encoded straight into the chunk and pre-encoded pieces (the load mode's cached voucher bodies)
 * are copied in, so no intermediate strings are built per answer.
 */
export type SimEncoding = 'utf8' | 'utf16le';

/** Room past the flush mark so a voucher usually lands in the chunk it starts in. */
const SLACK = 64 * 1024;

export class ResponseBytes {
  private chunk: Buffer;
  private length = 0;
  private readonly done: Buffer[] = [];

  constructor(
    readonly encoding: SimEncoding,
    private readonly chunkBytes = 256 * 1024,
  ) {
    this.chunk = Buffer.allocUnsafe(chunkBytes + SLACK);
  }

  /** Enough gathered to send. */
  get full(): boolean {
    return this.length >= this.chunkBytes;
  }

  text(text: string): void {
    const most = text.length * (this.encoding === 'utf8' ? 3 : 2);
    this.makeRoom(most);
    this.length += this.chunk.write(text, this.length, this.encoding);
  }

  bytes(bytes: Buffer): void {
    this.makeRoom(bytes.length);
    this.length += bytes.copy(this.chunk, this.length);
  }

  /** The gathered bytes, in order; gathering starts afresh. */
  take(): Buffer[] {
    if (this.length > 0) this.done.push(this.chunk.subarray(0, this.length));
    const taken = this.done.splice(0);
    this.chunk = Buffer.allocUnsafe(this.chunkBytes + SLACK);
    this.length = 0;
    return taken;
  }

  private makeRoom(bytes: number): void {
    if (this.length + bytes <= this.chunk.length) return;
    if (this.length > 0) this.done.push(this.chunk.subarray(0, this.length));
    this.chunk = Buffer.allocUnsafe(Math.max(this.chunkBytes, bytes) + SLACK);
    this.length = 0;
  }
}
