import { Format, SingleBar, type Params } from 'cli-progress';

/** Formats 12345.6 as "12,346". */
const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** Items per second since the bar started. */
function rate(params: Params): string {
  const seconds = ((params.stopTime ?? Date.now()) - params.startTime) / 1000;
  return count(seconds > 0 ? params.value / seconds : 0);
}

/**
 * A progress bar on stderr (stdout stays for results), drawn by cli-progress:
 * `<label> [##########--------------] 41% 41,000/100,000  2,500/s  ETA 25s  <suffix>`.
 * On a terminal it redraws one line at most ten times a second; elsewhere (logs, CI) it prints a
 * plain line, without escape codes, when it starts, every five seconds and when it stops.
 * Start it with `start(total, 0)`, report with `update(done, { suffix })`, end with `stop()`.
 */
export function progressBar(label: string, stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr): SingleBar {
  const tty = stream.isTTY === true;
  return new SingleBar({
    stream,
    barsize: 24,
    barCompleteChar: '#',
    barIncompleteChar: '-',
    noTTYOutput: true,
    notTTYSchedule: 5000,
    // Off a terminal every line already ends with a newline: stop() would add an empty line.
    clearOnComplete: !tty,
    // The label (a user's name, say) goes in as a token so that braces in it are not read as tokens.
    format: (options, params, payload: { suffix?: string }) =>
      Format.Formatter(
        {
          ...options,
          format: `{label} [{bar}] {percentage}% {value}/{total}  ${rate(params)}/s  ETA {eta_formatted}${payload.suffix ? '  {suffix}' : ''}`,
        },
        params,
        { ...payload, label },
      ),
    formatValue: (v, options, type) => (type === 'value' || type === 'total' ? count(v) : Format.ValueFormat(v, options, type)),
    // cli-progress's ETA is 'INF' or 'NULL' until it knows the rate.
    formatTime: (t, options, roundTo) => (typeof t === 'number' && Number.isFinite(t) ? Format.TimeFormat(t, options, roundTo) : '?'),
  });
}
