/**
 * The sandbox's sense of "now". It follows real time plus an offset, so time keeps flowing (rate-limit
 * windows and hanging faults still elapse) while tests can jump ahead (token expiry, 24 h cancel window).
 */
export class SandboxClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  set(date: Date): void {
    this.offsetMs = date.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
