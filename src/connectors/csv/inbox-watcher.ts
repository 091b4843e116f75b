/** Polls a folder and reports each matching file the first time it is seen there. */
import { listMatchingFiles } from './inbox';

export class InboxWatcher {
  private timer?: NodeJS.Timeout;
  private readonly seen = new Set<string>();
  private polling = false;

  constructor(
    private readonly dir: string,
    private readonly pattern: string,
    private readonly intervalMs: number,
    private readonly onNewFile: (fileName: string) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const names = await listMatchingFiles(this.dir, this.pattern);
      for (const name of names) {
        if (this.seen.has(name)) continue;
        this.seen.add(name);
        this.onNewFile(name);
      }
      // Forget files that left, so a file dropped again under the same name is reported again.
      for (const name of [...this.seen]) if (!names.includes(name)) this.seen.delete(name);
    } catch (error) {
      this.onError(error as Error);
    } finally {
      this.polling = false;
    }
  }
}
