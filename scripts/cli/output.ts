/** Where a command writes: human text, or JSON for scripts (--json). */
export interface Output {
  json: boolean;
  /** Prints the result: `value` as JSON with --json, otherwise the text. */
  result(value: unknown, text: string): void;
}

/** Output to the process's stdout. */
export function stdoutOutput(json: boolean, write: (s: string) => void = (s) => process.stdout.write(s)): Output {
  return {
    json,
    result(value, text) {
      write(json ? `${JSON.stringify(value, null, 2)}\n` : text.endsWith('\n') ? text : `${text}\n`);
    },
  };
}

/** What a table cell may hold: a list shows comma-separated. */
export type Cell = string | number | boolean | Date | null | undefined | (string | number)[];

/** Rows as an aligned text table; null and empty values show as "-". */
export function table<T>(rows: readonly T[], columns: readonly [header: string, cell: (row: T) => Cell][]): string {
  if (rows.length === 0) return '(none)';
  const text = (v: Cell) =>
    v === null || v === undefined || v === '' ? '-' : Array.isArray(v) ? (v.length ? v.join(',') : '-') : String(v);
  const cells = rows.map((row) => columns.map(([, cell]) => text(cell(row))));
  const widths = columns.map(([header], i) => Math.max(header.length, ...cells.map((r) => r[i].length)));
  const line = (values: string[]) => values.map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]))).join('  ');
  return [line(columns.map(([h]) => h.toUpperCase())), ...cells.map(line)].join('\n');
}
