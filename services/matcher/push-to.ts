/** Appends to the list under a key, in place (a spread copy made grouping hundreds of matches a job quadratic). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
