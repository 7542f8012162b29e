/**
 * Splits a comma-separated parameter (DESIGN.md 4): values trimmed, normalized, empty ones
 * dropped and duplicates removed, so "a, A,,b" with lowercasing is ["a", "b"].
 */
export function splitList(raw: string | undefined, normalize: (value: string) => string = (v) => v): string[] {
  if (raw === undefined) return [];
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .map(normalize)
    .filter((v) => v !== '');
  return [...new Set(values)];
}

/** A hashtag as the index holds it: without its leading "#" signs, case folded later by the index. */
export function stripHash(tag: string): string {
  return tag.replace(/^#+/, '').trim();
}
