import { Counter, type Registry } from 'prom-client';

/**
 * A counter labelled by `outcome`, every outcome exported from the start at 0, so that rate() and
 * alerts on a failure outcome work before the first failure.
 */
export function outcomeCounter<O extends string>(
  registry: Registry,
  spec: { name: string; help: string; outcomes: readonly O[] },
): Counter<'outcome'> {
  const counter = new Counter({ name: spec.name, help: spec.help, labelNames: ['outcome'] as const, registers: [registry] });
  for (const outcome of spec.outcomes) counter.inc({ outcome }, 0);
  return counter;
}
