/**
 * The variants in the order to run them on iteration `i`: rotated by one each iteration, so each
 * variant runs first, second, ... equally often and load or cache effects fall on all alike.
 */
export function rotation<T>(variants: readonly T[], i: number): T[] {
  const k = i % variants.length;
  return [...variants.slice(k), ...variants.slice(0, k)];
}
