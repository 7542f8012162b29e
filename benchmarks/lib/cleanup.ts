/** Clean-ups to run when the benchmark is interrupted (Ctrl-C), so it leaves nothing behind. */
const pending = new Set<() => Promise<void>>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`[bench] ${signal}: cleaning up`);
      // Newest first: a world is torn down before the node it runs on is stopped.
      const all = [...pending].reverse();
      void (async () => {
        for (const fn of all) await fn().catch((err) => console.error(`[bench] clean-up failed: ${(err as Error).message}`));
      })()
        .catch((err: unknown) => console.error(`[bench] clean-up failed: ${String(err)}`))
        .finally(() => process.exit(130));
    });
  }
}

/** Registers a clean-up for an interruption; call the returned function once it ran normally. */
export function onInterrupt(fn: () => Promise<void>): () => void {
  install();
  pending.add(fn);
  return () => pending.delete(fn);
}
