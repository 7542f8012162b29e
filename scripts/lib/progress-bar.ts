/** Formats 12345.6 as "12,346". */
function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** "1m 05s" / "42s" for a duration in seconds. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/**
 * One progress line: bar, percentage, counts, rate and time left, e.g.
 * `[##########----------]  50% 50,000/100,000  2,500/s  ETA 20s  rejected 3`.
 */
export function renderProgress(done: number, total: number, elapsedMs: number, width = 24, suffix = ''): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const eta = rate > 0 ? (total - done) / rate : Infinity;
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent} ${count(done)}/${count(total)}  ${count(rate)}/s  ETA ${formatDuration(eta)}${suffix ? `  ${suffix}` : ''}`;
}

/**
 * A progress bar on stderr (stdout stays for results). On a terminal it redraws one line at most
 * ten times a second; elsewhere (logs, CI) it prints a plain line every few seconds.
 */
export class ProgressBar {
  private readonly started = Date.now();
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly label: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  /** Reports progress; cheap to call for every item. */
  update(done: number, total: number, suffix = ''): void {
    const now = Date.now();
    const interval = this.stream.isTTY ? 100 : 5000;
    if (now - this.lastDraw < interval && done < total) return;
    this.lastDraw = now;
    const line = `${this.label} ${renderProgress(done, total, now - this.started, 24, suffix)}`;
    if (this.stream.isTTY) {
      this.stream.write(`\r\x1b[2K${line}`);
      this.drawn = true;
    } else {
      this.stream.write(`${line}\n`);
    }
  }

  /** Ends the bar's line so that what follows starts on a fresh one. */
  finish(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
