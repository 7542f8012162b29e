import type { estypes } from '@elastic/elasticsearch';

/**
 * A necessary condition of a query, as the terms of which a job must have at least one: one
 * "field\0term" string each. ANY when the query gives none that is certain (a fuzzy clause, a
 * prefix, a query type this module does not read): every job is then a candidate. An empty set
 * means no job can match.
 *
 * This is what a percolator's query extraction does, done here because the server-core
 * distribution the project runs has no percolator module: a new job is checked only against the
 * saved searches whose anchor terms it has, and Elasticsearch then decides each candidate with
 * the real query (./evaluate). Whatever is extracted must never leave out a job the query would
 * match; a term too many costs only a wasted check.
 */
export type Anchor = typeof ANY | ReadonlySet<string>;
export const ANY = 'any' as const;

type Query = estypes.QueryDslQueryContainer;
/** The terms a field's analysis makes of a leaf's text (./field-analysis); undefined: not known. */
export type TokensOf = (leaf: LeafText) => readonly string[] | undefined;
/** A text a query analyzes in a field, or a value a term query looks up in it as it is. */
export interface LeafText {
  field: string;
  text: string;
  /** A term query: the value is not analyzed (a keyword field's normalizer still applies). */
  term?: boolean;
}

export const anchorKey = (field: string, term: string) => `${field}\u0001${term}`;

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
/** "title^6" is the field title, boosted. */
const fieldName = (field: string) => field.replace(/\^[\d.]+$/, '');

/** Each (field, text) a query would analyze, so they can be analyzed before anchorOf runs. */
export function leafTexts(query: Query): LeafText[] {
  const out: LeafText[] = [];
  walkLeaves(query, (leaf) => out.push(leaf));
  return out;
}

function walkLeaves(query: Query, visit: (leaf: LeafText) => void): void {
  for (const [type, body] of Object.entries(query as object) as [string, unknown][]) {
    const b = body as Record<string, unknown>;
    switch (type) {
      case 'bool':
        for (const part of ['must', 'filter', 'should'] as const)
          for (const child of asArray(b[part] as Query | Query[])) walkLeaves(child, visit);
        break;
      case 'dis_max':
        for (const child of asArray(b.queries as Query[])) walkLeaves(child, visit);
        break;
      case 'constant_score':
        walkLeaves(b.filter as Query, visit);
        break;
      case 'function_score':
        if (b.query) walkLeaves(b.query, visit);
        break;
      case 'boosting':
        walkLeaves(b.positive as Query, visit);
        break;
      default:
        for (const leaf of textsOfLeaf(type, b)) visit(leaf);
    }
  }
}

/** The texts of one leaf query; none for a type whose anchor is ANY. */
function textsOfLeaf(type: string, body: Record<string, unknown>): LeafText[] {
  if (type === 'multi_match') {
    if (body.fuzziness !== undefined || typeof body.query !== 'string' || !Array.isArray(body.fields)) return [];
    return (body.fields as string[]).map((f) => ({ field: fieldName(f), text: body.query as string }));
  }
  if (type === 'match' || type === 'match_phrase') {
    const [[field, spec]] = Object.entries<unknown>(body);
    const options = typeof spec === 'object' && spec !== null ? (spec as Record<string, unknown>) : { query: spec };
    if (options.fuzziness !== undefined || typeof options.query !== 'string') return [];
    return [{ field, text: options.query }];
  }
  if (type === 'term') {
    const [[field, spec]] = Object.entries<unknown>(body);
    const value = typeof spec === 'object' && spec !== null ? (spec as { value: unknown }).value : spec;
    return [{ field, text: String(value), term: true }];
  }
  if (type === 'terms') {
    const [field, values] = Object.entries(body).find(([key]) => key !== 'boost') ?? [];
    return Array.isArray(values) && field ? values.map((v) => ({ field, text: String(v), term: true })) : [];
  }
  return [];
}

/**
 * Necessary conditions of a query, all of which a matching job meets: each is a set of terms of
 * which the job has at least one. The words of a search give one each, and so does each filter
 * (its location ids, its job types), so a job is a candidate only when it has a term of every
 * one: "senior nurse" in Leeds is not checked against a senior engineer in Leeds or a nurse in
 * York. An empty list knows nothing (every job may match).
 */
export type Conditions = readonly ReadonlySet<string>[];

export function conditionsOf(query: Query, tokensOf: TokensOf): Conditions {
  // Several keys in one container are all required.
  return (Object.entries(query as object) as [string, unknown][]).flatMap(([type, body]) =>
    conditionsOfClause(type, body as Record<string, unknown>, tokensOf),
  );
}

/** The anchor of a query, given the terms each of its texts makes (see Anchor): its tightest condition. */
export function anchorOf(query: Query, tokensOf: TokensOf): Anchor {
  return tightest(conditionsOf(query, tokensOf));
}

function conditionsOfClause(type: string, body: Record<string, unknown>, tokensOf: TokensOf): Conditions {
  switch (type) {
    case 'bool':
      return conditionsOfBool(body, tokensOf);
    case 'dis_max':
      return oneOf(asArray(body.queries as Query[]).map((child) => anchorOf(child, tokensOf)));
    case 'constant_score':
      return conditionsOf(body.filter as Query, tokensOf);
    case 'function_score':
      return body.query ? conditionsOf(body.query, tokensOf) : [];
    case 'boosting':
      return conditionsOf(body.positive as Query, tokensOf);
    case 'multi_match':
    case 'match':
    case 'match_phrase':
    case 'term':
    case 'terms': {
      const leaves = textsOfLeaf(type, body);
      if (leaves.length === 0) return [];
      const terms = new Set<string>();
      for (const leaf of leaves) {
        const tokens = tokensOf(leaf);
        if (tokens === undefined) return [];
        for (const token of tokens) terms.add(anchorKey(leaf.field, token));
      }
      return [terms];
    }
    default:
      return [];
  }
}

function conditionsOfBool(body: Record<string, unknown>, tokensOf: TokensOf): Conditions {
  const required = [...asArray(body.must as Query | Query[]), ...asArray(body.filter as Query | Query[])].flatMap((q) =>
    conditionsOf(q, tokensOf),
  );
  const should = asArray(body.should as Query | Query[]).map((q) => anchorOf(q, tokensOf));
  const needed = requiredShould(body.minimum_should_match, should.length, required.length > 0);
  if (needed === 0) return required;
  // Every should clause required ("4<80%" over up to four words): each one's conditions hold.
  if (needed === should.length) return [...required, ...asArray(body.should as Query | Query[]).flatMap((q) => conditionsOf(q, tokensOf))];
  // At least `needed` of n should clauses match: among any n - needed + 1 of them, one does.
  const known = should.filter((a): a is ReadonlySet<string> => a !== ANY).sort((a, b) => a.size - b.size);
  const take = should.length - needed + 1;
  return known.length >= take ? [...required, ...oneOf(known.slice(0, take))] : required;
}

/** A job matches one of these: the union of their terms, unless one of them knows nothing. */
function oneOf(anchors: readonly Anchor[]): Conditions {
  const terms = new Set<string>();
  for (const anchor of anchors) {
    if (anchor === ANY) return [];
    for (const term of anchor) terms.add(term);
  }
  return [terms];
}

/** How many should clauses must match (Elasticsearch's minimum_should_match over n clauses). */
export function requiredShould(spec: unknown, n: number, hasRequired: boolean): number {
  if (n === 0) return 0;
  if (spec === undefined || spec === null) return hasRequired ? 0 : 1;
  const clamp = (m: number) => Math.max(0, Math.min(n, m));
  if (typeof spec === 'number') return clamp(spec < 0 ? n + spec : spec);
  if (typeof spec !== 'string') return 1;
  const text = spec.trim();
  if (text.includes('<')) {
    // "4<80%": up to 4 clauses all are required, above that the spec after '<' applies; conditions may chain.
    let result = n;
    for (const part of text.split(/\s+/)) {
      const [limit, rule] = part.split('<');
      if (n > Number(limit)) result = simpleRule(rule, n);
    }
    return clamp(result);
  }
  return clamp(simpleRule(text, n));
}

function simpleRule(rule: string, n: number): number {
  if (rule.endsWith('%')) {
    const percent = Number(rule.slice(0, -1));
    // Elasticsearch rounds the number of clauses a percentage gives down.
    return percent < 0 ? n - Math.floor((n * -percent) / 100) : Math.floor((n * percent) / 100);
  }
  const count = Number(rule);
  if (!Number.isFinite(count)) return 1;
  return count < 0 ? n + count : count;
}

/**
 * The condition a search is filed under: the one the fewest jobs meet. With `costOf` (how many
 * jobs hold a term, ./term-frequencies) that is the least sum over its terms; without, the one
 * of fewest terms.
 */
export function tightestCondition(conditions: Conditions, costOf: (term: string) => number = () => 1): ReadonlySet<string> | undefined {
  let best: ReadonlySet<string> | undefined;
  let bestCost = Infinity;
  for (const condition of conditions) {
    let cost = 0;
    for (const term of condition) cost += costOf(term);
    if (cost < bestCost) [best, bestCost] = [condition, cost];
  }
  return best;
}

const tightest = (conditions: Conditions): Anchor => tightestCondition(conditions) ?? ANY;

/** Whether a job with these terms meets every condition. */
export function meetsAll(conditions: Conditions, terms: ReadonlySet<string>): boolean {
  // Plain loops: the matcher runs this millions of times a minute.
  for (const condition of conditions) {
    let met = false;
    for (const term of condition)
      if (terms.has(term)) {
        met = true;
        break;
      }
    if (!met) return false;
  }
  return true;
}
