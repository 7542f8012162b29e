/** One thing a run started, and how to stop it. */
interface Part {
  name: string;
  /** Gets the signal that ends the run; answers false when it keeps running (what Ctrl-C keeps). */
  stop: (signal: NodeJS.Signals) => Promise<boolean | void>;
}

/**
 * Everything one `npm start` brought up, stopped in reverse order when the run ends: on SIGINT
 * (Ctrl-C) the API and the embedded PostgreSQL, on SIGTERM also the Elasticsearch node this run
 * launched. A signal can come while a server is still starting: `start` steps are waited for (and
 * shortened through their interrupt), so what they bring up is stopped too, never left running.
 */
export class StackRun {
  private readonly parts: Part[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly interrupts = new Set<(signal: NodeJS.Signals) => void>();
  private stopped?: Promise<boolean>;
  /** The signal the run is ending on, once one came. */
  stopping?: NodeJS.Signals;

  constructor(private readonly log: (message: string) => void) {}

  /** Registers something that runs now and is this run's to stop. */
  own(name: string, stop: Part['stop']): void {
    this.parts.push({ name, stop });
  }

  /**
   * Awaits a step that starts a server; what `stopOf` answers for its result is registered before
   * any stop can look at the parts. `interrupt` passes a signal to the step itself.
   */
  start<T>(step: Promise<T>, stopOf: (result: T) => Part | undefined, interrupt?: (signal: NodeJS.Signals) => void): Promise<T> {
    const tracked = step.then((result) => {
      const part = stopOf(result);
      if (part) this.parts.push(part);
      return result;
    });
    const settled = tracked.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    if (interrupt) this.interrupts.add(interrupt);
    void settled.then(() => {
      this.pending.delete(settled);
      if (interrupt) this.interrupts.delete(interrupt);
    });
    return tracked;
  }

  /**
   * Stops everything, last started first, each part even when another failed. Resolves true when
   * every part stopped cleanly. Later calls answer the first one's promise.
   */
  stop(signal: NodeJS.Signals): Promise<boolean> {
    return (this.stopped ??= this.stopAll(signal));
  }

  private async stopAll(signal: NodeJS.Signals): Promise<boolean> {
    this.stopping = signal;
    for (const interrupt of this.interrupts) interrupt(signal);
    await Promise.all(this.pending);
    let clean = true;
    for (const part of [...this.parts].reverse()) {
      try {
        if ((await part.stop(signal)) !== false) this.log(`stopped ${part.name}`);
      } catch (err) {
        clean = false;
        this.log(`stopping ${part.name} failed: ${(err as Error).message}`);
      }
    }
    return clean;
  }
}

/**
 * Ends this process once the run stopped: 0 when everything stopped cleanly, as the services do
 * after a graceful SIGTERM (a signal asked for the stop, and it happened); 1 when a part failed.
 */
export function exitAfterStop(clean: boolean): void {
  process.exit(clean ? 0 : 1);
}
