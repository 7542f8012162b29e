import { closest, distance } from 'fastest-levenshtein';

/** The known name closest to `name` (ignoring case), or undefined when none is reasonably close. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const lowered = known.map((candidate) => candidate.toLowerCase());
  const target = name.toLowerCase();
  // closest() keeps the first of equally close names, as indexOf finds it.
  const match = closest(target, lowered);
  const best = known[lowered.indexOf(match)];
  return distance(target, match) <= Math.max(2, Math.floor(best.length / 2)) ? best : undefined;
}
