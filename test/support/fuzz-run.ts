import fc from 'fast-check';
import { expectSaneAnswer, printable, type FuzzTarget, type RawRequest } from './fuzz-target';

/**
 * How long a fuzz property runs. FUZZ_SEED replays a failure (fast-check prints the seed and the
 * path of the counterexample); FUZZ_RUNS scales every property (1 = the default counts).
 */
export function fuzzParameters(numRuns: number): fc.Parameters<[RawRequest]> {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  const scale = Number(process.env.FUZZ_RUNS_SCALE ?? 1);
  return {
    numRuns: Math.max(1, Math.round(numRuns * scale)),
    ...(seed === undefined ? {} : { seed }),
    ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
    verbose: Number(process.env.FUZZ_VERBOSE ?? 0),
    // Shrinking a counterexample sends requests too: bound it, the failure is reported either way.
    interruptAfterTimeLimit: 45_000,
    markInterruptAsFailure: false,
  };
}

/** Sends every generated request to the target and holds each answer to the sane-answer property. */
export async function assertEveryAnswerSane(target: FuzzTarget, requests: fc.Arbitrary<RawRequest>, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requests.map(printable), async (request) => {
      expectSaneAnswer(await target.send(request));
    }),
    fuzzParameters(numRuns),
  );
}
