import type { Client, estypes } from '@elastic/elasticsearch';

/** Terms counted per request: each is one `term` filter of a `filters` aggregation over the alias. */
const TERMS_PER_REQUEST = 500;

/**
 * How many jobs of the index hold each condition term ("field\0term"), so that a saved search is
 * filed under its rarest condition (./candidates): "data engineer" in Leeds under Leeds, not
 * under the job type full_time that most jobs have. Counted once per term, when a
 * search that names it is first loaded; the counts age as the index grows, which costs only
 * candidates checked for nothing, never a match.
 */
export class TermFrequencies {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly client: Client,
    private readonly index: string,
  ) {}

  /** The jobs holding the term, as counted; a term not counted yet is taken as common. */
  of(term: string): number {
    return this.counts.get(term) ?? Number.MAX_SAFE_INTEGER;
  }

  /** Counts the terms not counted yet. */
  async learn(terms: Iterable<string>): Promise<void> {
    const unknown = [...new Set(terms)].filter((term) => !this.counts.has(term));
    for (let start = 0; start < unknown.length; start += TERMS_PER_REQUEST) {
      const chunk = unknown.slice(start, start + TERMS_PER_REQUEST);
      const filters: Record<string, estypes.QueryDslQueryContainer> = {};
      chunk.forEach((term, i) => {
        const cut = term.indexOf('\u0001');
        filters[i] = { term: { [term.slice(0, cut)]: term.slice(cut + 1) } };
      });
      const answer = await this.client.search({ index: this.index, size: 0, aggs: { terms: { filters: { filters } } } });
      const buckets = (answer.aggregations?.terms as { buckets: Record<string, { doc_count: number }> }).buckets;
      chunk.forEach((term, i) => this.counts.set(term, buckets[i]?.doc_count ?? Number.MAX_SAFE_INTEGER));
    }
  }
}
