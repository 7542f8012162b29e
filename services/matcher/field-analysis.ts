import type { Client, estypes } from '@elastic/elasticsearch';
import { indexMappings } from '../../shared/search/index-definition';
import type { LeafText, TokensOf } from './anchors';

/** How a field makes terms of a text: analyzed by a named analyzer, or kept whole (a keyword, maybe normalized). */
type FieldKind = { text: string } | { keyword: string | undefined };

/** Every field of the index and its kind, subfields ("title.plain") included, read off the mapping. */
function fieldKinds(properties: Record<string, estypes.MappingProperty>, prefix = ''): Map<string, FieldKind> {
  const kinds = new Map<string, FieldKind>();
  for (const [name, property] of Object.entries(properties)) {
    const p = property as { type?: string; analyzer?: string; normalizer?: string; fields?: Record<string, estypes.MappingProperty> };
    const path = prefix + name;
    if (p.type === 'text') kinds.set(path, { text: p.analyzer ?? 'standard' });
    else if (p.type === 'keyword') kinds.set(path, { keyword: p.normalizer });
    if (p.fields) for (const [sub, kind] of fieldKinds(p.fields, `${path}.`)) kinds.set(sub, kind);
  }
  return kinds;
}

const KINDS = fieldKinds(indexMappings.properties ?? {});

/** Whether a field is a keyword (a term filter on it is met exactly when a job's term vectors show one of its values). */
export const isKeywordField = (field: string): boolean => {
  const kind = KINDS.get(field);
  return kind !== undefined && 'keyword' in kind;
};
/** Analyzers whose terms of plain ASCII words are those words lowercased (stop words are kept: a term too many is harmless, see ./anchors). */
const WORD_ANALYZERS = new Set(['english_text', 'plain_text', 'standard']);
const PLAIN_WORDS = /^[a-z0-9]+( [a-z0-9]+)*$/;
const ASCII = /^[\x20-\x7e]*$/;

/**
 * The terms the index's analysis makes of a query's texts, as ./anchors needs them. Plain ASCII
 * words in the word analyzers, and keyword values, are worked out here; anything else (word
 * pairs, other scripts, punctuation) is asked of Elasticsearch's _analyze once and kept, so that
 * a hundred thousand saved searches cost one request per distinct text, not per search.
 */
export class FieldAnalysis {
  private readonly asked = new Map<string, readonly string[]>();

  constructor(
    private readonly client: Client,
    private readonly index: string,
  ) {}

  /** Analyzes every leaf text that cannot be worked out locally (and has not been asked before). */
  async prepare(leaves: readonly LeafText[]): Promise<void> {
    // Only text and keyword fields have terms a job's term vectors show (a boolean's or a date's do not): others stay unknown.
    const missing = leaves.filter((leaf) => KINDS.has(leaf.field) && this.local(leaf) === undefined && !this.asked.has(key(leaf)));
    for (const leaf of uniqueBy(missing, key)) {
      const answer = await this.client.indices.analyze({ index: this.index, field: leaf.field, text: leaf.text });
      this.asked.set(
        key(leaf),
        (answer.tokens ?? []).map((t) => t.token),
      );
    }
  }

  /** The tokens of a prepared leaf; undefined for a field the index does not have. */
  readonly tokensOf: TokensOf = (leaf) => (KINDS.has(leaf.field) ? (this.local(leaf) ?? this.asked.get(key(leaf))) : undefined);

  private local({ field, text, term }: LeafText): readonly string[] | undefined {
    const kind = KINDS.get(field);
    if (!kind) return undefined;
    if ('keyword' in kind) {
      if (kind.keyword === undefined) return [text];
      return kind.keyword === 'lowercase_keyword' && ASCII.test(text) ? [text.toLowerCase()] : undefined;
    }
    // A term query on a text field looks the value up as it is.
    if (term) return [text];
    const lower = text.toLowerCase();
    return WORD_ANALYZERS.has(kind.text) && PLAIN_WORDS.test(lower) ? lower.split(' ') : undefined;
  }
}

const key = (leaf: LeafText) => `${leaf.term ? 't' : 'a'}\u0001${leaf.field}\u0001${leaf.text}`;

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(keyOf(item))) seen.set(keyOf(item), item);
  return [...seen.values()];
}
