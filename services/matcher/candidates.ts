import { ANY } from './anchors';
import type { CompiledSearch } from './compile';

/**
 * The saved searches in memory, indexed by their anchor terms: a job's candidates are the
 * searches one of whose terms it has, and those with no anchor (ANY).
 */
export class SearchCandidates {
  private readonly byId = new Map<string, CompiledSearch>();
  private readonly byTerm = new Map<string, Set<string>>();
  private readonly anyTerm = new Set<string>();

  get size(): number {
    return this.byId.size;
  }

  get anyCount(): number {
    return this.anyTerm.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): CompiledSearch | undefined {
    return this.byId.get(id);
  }

  ids(): IterableIterator<string> {
    return this.byId.keys();
  }

  add(search: CompiledSearch): void {
    this.remove(search.id);
    this.byId.set(search.id, search);
    if (search.anchor === ANY) this.anyTerm.add(search.id);
    else for (const term of search.anchor) getOrAdd(this.byTerm, term).add(search.id);
  }

  remove(id: string): void {
    const search = this.byId.get(id);
    if (!search) return;
    this.byId.delete(id);
    if (search.anchor === ANY) this.anyTerm.delete(id);
    else
      for (const term of search.anchor) {
        const ids = this.byTerm.get(term);
        ids?.delete(id);
        if (ids?.size === 0) this.byTerm.delete(term);
      }
  }

  /** The searches a job with these anchor terms ("field\0term") may match. */
  candidatesFor(terms: Iterable<string>): Set<string> {
    const found = new Set(this.anyTerm);
    for (const term of terms) for (const id of this.byTerm.get(term) ?? []) found.add(id);
    return found;
  }

  /** The fields the anchors name, for the job terms to read. */
  fields(): string[] {
    const fields = new Set<string>();
    for (const term of this.byTerm.keys()) fields.add(term.slice(0, term.indexOf('\u0001')));
    return [...fields];
  }
}

function getOrAdd<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}
