import { meetsAll, tightestCondition } from './anchors';
import type { CompiledSearch } from './compile';

/**
 * The saved searches in memory, indexed by the terms of their tightest condition (./anchors), the
 * one the fewest jobs meet by `costOf` (./term-frequencies): a job's candidates are the searches
 * of whose conditions it meets every one; those with no condition are everyone's.
 */
export class SearchCandidates {
  private readonly byId = new Map<string, CompiledSearch>();
  /** The condition each search is filed under, as chosen when it was added (the costs may change since). */
  private readonly anchors = new Map<string, ReadonlySet<string>>();
  private readonly byTerm = new Map<string, Set<string>>();
  private readonly anyTerm = new Set<string>();
  /** The fields the conditions name (one gone leaves its fields behind, which only costs a field read for nothing). */
  private readonly fieldsNamed = new Set<string>();

  constructor(private readonly costOf?: (term: string) => number) {}

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
    const anchor = tightestCondition(search.conditions, this.costOf);
    if (anchor === undefined) this.anyTerm.add(search.id);
    else {
      this.anchors.set(search.id, anchor);
      for (const term of anchor) getOrAdd(this.byTerm, term).add(search.id);
    }
    for (const condition of search.conditions) for (const term of condition) this.fieldsNamed.add(fieldOf(term));
  }

  remove(id: string): void {
    const search = this.byId.get(id);
    if (!search) return;
    this.byId.delete(id);
    const anchor = this.anchors.get(id);
    this.anchors.delete(id);
    if (anchor === undefined) {
      this.anyTerm.delete(id);
      return;
    }
    for (const term of anchor) {
      const ids = this.byTerm.get(term);
      ids?.delete(id);
      if (ids?.size === 0) this.byTerm.delete(term);
    }
  }

  /** The searches a job with these terms ("field\u0001term") may match: it meets all their conditions. */
  candidatesFor(terms: ReadonlySet<string>): Set<string> {
    const found = new Set(this.anyTerm);
    for (const term of terms) {
      const filed = this.byTerm.get(term);
      if (filed) for (const id of filed) if (!found.has(id) && meetsAll(this.byId.get(id)!.conditions, terms)) found.add(id);
    }
    return found;
  }

  /** The fields the conditions name, for the job terms to read. */
  fields(): string[] {
    return [...this.fieldsNamed];
  }
}

const fieldOf = (term: string) => term.slice(0, term.indexOf('\u0001'));

function getOrAdd<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}
