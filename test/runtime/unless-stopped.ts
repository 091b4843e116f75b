/**
 * The restart policy the container files document (compose.yaml: `restart: unless-stopped`), as Docker
 * applies it: whenever the service exits, whatever the code or signal, it is started again after a delay
 * that begins at 100 ms and doubles on each restart (up to a minute), back to 100 ms once a run has lasted
 * 10 s; a stop the operator asks for (`docker stop`: SIGTERM, then SIGKILL after the grace period) is not
 * followed by a restart. Docker does not restart a container its HEALTHCHECK calls unhealthy; neither
 * does this.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnService } from './service-process';

const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 60_000;
const RESET_AFTER_MS = 10_000;

export interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

export class UnlessStopped {
  readonly runs: Run[] = [];
  private delayMs = FIRST_DELAY_MS;
  private stopping = false;
  private readonly done: Promise<void>;

  constructor(private readonly env: Record<string, string>) {
    this.done = this.loop();
  }

  get current(): Run {
    return this.runs[this.runs.length - 1];
  }

  /** `docker stop`: SIGTERM, SIGKILL after `graceMs`, and no restart. The last run's exit code. */
  async stop(graceMs = 60_000): Promise<number | null> {
    this.stopping = true;
    const run = this.current;
    run.child.kill('SIGTERM');
    const timer = setTimeout(() => run.child.kill('SIGKILL'), graceMs);
    const code = await run.exited;
    clearTimeout(timer);
    await this.done;
    return code;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const started = Date.now();
      const run = spawnService(this.env);
      this.runs.push(run);
      await run.exited;
      if (this.stopping) return;
      if (Date.now() - started >= RESET_AFTER_MS) this.delayMs = FIRST_DELAY_MS;
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      this.delayMs = Math.min(this.delayMs * 2, MAX_DELAY_MS);
    }
  }
}
