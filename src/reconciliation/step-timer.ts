/** Wall time of a run's steps, in order, for the log and the run's answer (where the time goes). */
export class StepTimer {
  private last = performance.now();
  readonly steps: Record<string, number> = {};
  /** Resident memory (MB) at the end of each step, for the log (where the memory goes). */
  private readonly rssMb: Record<string, number> = {};

  /** Ends the step `name` (its time is from the previous mark). */
  mark(name: string): void {
    const now = performance.now();
    this.steps[name] = (this.steps[name] ?? 0) + Math.round(now - this.last);
    this.rssMb[name] = Math.round(process.memoryUsage.rss() / 1_048_576);
    this.last = now;
  }

  toString(): string {
    return Object.entries(this.steps)
      .map(([name, ms]) => `${name} ${ms} ms (RSS ${this.rssMb[name]} MB)`)
      .join(', ');
  }
}
