import type { Client } from '@elastic/elasticsearch';
import type { TypoPolicy } from './relevance';
import { TYPO_FIELDS } from './relevance';

/** How the cache of known words behaves; the defaults suit a read instance. */
export interface KnownWordsOptions {
  /** Postings in one short field from which a word counts as known (fewer: a typo others made too), or as a place. */
  minDocs: number;
  /** Words remembered at most; the oldest are forgotten first. */
  maxEntries: number;
  /** How long an answer holds: a word new to the index becomes known within this time. */
  ttlMs: number;
  /** Longest wait for a look-up; past it the words are treated as unknown (typo tolerance, as before). */
  timeoutMs: number;
}

const DEFAULTS: KnownWordsOptions = { minDocs: 3, maxEntries: 50_000, ttlMs: 10 * 60_000, timeoutMs: 300 };

type TermVectors = Record<string, { terms?: Record<string, { doc_freq?: number }> }>;

/**
 * Which query words the index knows, so that only the others get typo tolerance
 * (./relevance). A known word is matched as written: the fuzzy expansions of "engineer" are
 * other real words whose postings cost more than the word itself, and a seeker who typed a
 * word that hundreds of titles contain meant that word. One `_termvectors` request with an
 * artificial document gives the document frequency of every new word in every short field;
 * answers are kept per instance, so a word costs that round trip once per TTL. When the look-up
 * fails, every word keeps its typo tolerance: slower, never worse.
 */
export class KnownWords {
  private readonly known = new Map<string, { known: boolean; place: boolean; until: number }>();
  private readonly options: KnownWordsOptions;

  constructor(
    private readonly client: Client,
    private readonly index: string,
    options: Partial<KnownWordsOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * The typo policy for a query of these words: tolerance for each word the index does not know,
   * and the words that name places: in more job locations than job titles ("london", "bristol";
   * not "nurse", though some locations are named "Nurse Bank").
   */
  async typoPolicy(words: readonly string[], now = Date.now()): Promise<TypoPolicy> {
    const missing = [...new Set(words)].filter((word) => !((this.known.get(word)?.until ?? 0) > now));
    if (missing.length > 0) await this.lookUp(missing, now);
    const places = new Set(words.filter((word) => this.known.get(word)?.place));
    return Object.assign((word: string) => !(this.known.get(word)?.known ?? false), { places });
  }

  private async lookUp(words: string[], now: number): Promise<void> {
    let vectors: TermVectors;
    try {
      const text = words.join(' ');
      const response = await this.client.termvectors(
        {
          index: this.index,
          doc: Object.fromEntries([...TYPO_FIELDS].map((field) => [field, text])),
          fields: [...TYPO_FIELDS].map((field) => `${field}.plain`),
          term_statistics: true,
          field_statistics: false,
          positions: false,
          offsets: false,
          payloads: false,
          filter_path: 'term_vectors.*.terms.*.doc_freq',
        },
        { requestTimeout: this.options.timeoutMs },
      );
      vectors = (response.term_vectors ?? {}) as TermVectors;
    } catch {
      return;
    }
    const docsIn = (field: string, word: string) => vectors[`${field}.plain`]?.terms?.[word]?.doc_freq ?? 0;
    for (const word of words) {
      const docs = Math.max(0, ...Object.values(vectors).map((field) => field.terms?.[word]?.doc_freq ?? 0));
      const inLocations = docsIn('location', word);
      this.remember(word, docs >= this.options.minDocs, inLocations >= this.options.minDocs && inLocations > docsIn('title', word), now);
    }
  }

  private remember(word: string, known: boolean, place: boolean, now: number): void {
    this.known.delete(word);
    this.known.set(word, { known, place, until: now + this.options.ttlMs });
    // A Map iterates in insertion order: the first key is the oldest answer.
    while (this.known.size > this.options.maxEntries) this.known.delete(this.known.keys().next().value!);
  }
}
