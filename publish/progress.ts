/**
 * A progress bar for long uploads: redrawn in place on a terminal, one line per 10 % in a log
 * (GitHub Actions), nothing when `write` is null.
 */
export type ProgressWrite = ((text: string) => void) | null;

export const MB = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

export class Progress {
  private done = 0;
  private bytes = 0;
  private lastDraw = 0;
  private lastStep = -1;
  private readonly tty: boolean;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly write: ProgressWrite = (text) => process.stderr.write(text),
    tty = Boolean(process.stderr.isTTY),
  ) {
    this.tty = tty;
  }

  tick(bytes = 0): void {
    this.done++;
    this.bytes += bytes;
    if (!this.write) return;
    if (this.tty) {
      const now = Date.now();
      if (now - this.lastDraw < 100 && this.done < this.total) return;
      this.lastDraw = now;
      this.write(`\r${this.line()}`);
    } else {
      const step = Math.floor((this.done / Math.max(1, this.total)) * 10);
      if (step === this.lastStep) return;
      this.lastStep = step;
      this.write(`${this.line()}\n`);
    }
  }

  finish(): void {
    if (this.write && this.tty) this.write(`\r${this.line()}\n`);
  }

  private line(): string {
    const ratio = this.total ? this.done / this.total : 1;
    const filled = Math.round(ratio * 30);
    return `${this.label} [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${this.done}/${this.total} · ${MB(this.bytes)}`;
  }
}
