/**
 * Progress of a long operation on stderr: a cli-progress bar when stderr is a terminal, plain
 * `label: done/total` lines when it is a file or pipe (logs and CI stay readable).
 */
import { Presets, SingleBar } from 'cli-progress';
import type { CliIo, CliOutput } from './io';

const CLEAR_LINE = '\x1b[K';
const SAVE_CURSOR = '\x1b7';

export interface Progress {
  update(value: number, total?: number): void;
  /** Prints a whole line to `output` without garbling the bar. */
  log(output: CliOutput, text: string): void;
  stop(): void;
}

export function startProgress(io: Pick<CliIo, 'stderr'>, label: string, total: number): Progress {
  return io.stderr.isTTY
    ? new BarProgress(io.stderr, label, total)
    : new LineProgress(io.stderr, label, total);
}

class BarProgress implements Progress {
  private readonly bar: SingleBar;

  constructor(
    private readonly stderr: CliOutput,
    label: string,
    total: number,
  ) {
    this.bar = new SingleBar(
      {
        // cli-progress only writes and moves the cursor: any terminal-like output will do.
        stream: stderr as NodeJS.WritableStream,
        format: `${label} [{bar}] {value}/{total}`,
        hideCursor: false,
        clearOnComplete: false,
        barsize: 30,
        // redraw on every tick, so a line printed above the bar (log) never leaves it erased
        forceRedraw: true,
      },
      Presets.shades_classic,
    );
    this.bar.start(total, 0);
  }

  update(value: number, total?: number): void {
    if (total !== undefined) this.bar.setTotal(total);
    this.bar.update(value);
  }

  log(output: CliOutput, text: string): void {
    this.stderr.write(`\r${CLEAR_LINE}`);
    output.write(text);
    // cli-progress returns to the cursor position saved at start() when it stops: save the bar's new row.
    this.stderr.write(SAVE_CURSOR);
    this.bar.render();
  }

  stop(): void {
    this.bar.stop();
  }
}

class LineProgress implements Progress {
  private last = '';

  constructor(
    private readonly stderr: CliOutput,
    private readonly label: string,
    private total: number,
  ) {}

  update(value: number, total?: number): void {
    if (total !== undefined) this.total = total;
    const line = `${this.label}: ${value}/${this.total}\n`;
    if (line === this.last) return;
    this.last = line;
    this.stderr.write(line);
  }

  log(output: CliOutput, text: string): void {
    output.write(text);
  }

  stop(): void {}
}
