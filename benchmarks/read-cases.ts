import type { Client } from '@elastic/elasticsearch';
import { buildBrowseRequest } from '../services/read';
import { findJob } from '../services/read';
import { readBrowseParams, readSearchParams } from '../services/read';
import { runJobSearch } from '../services/read';
import { buildSearchRequest } from '../services/read';
import type { JobDocument } from '../shared/jobs/job-document';
import type { BrowseQuery, SearchQuery } from '../shared/schemas/job-search';

/** One request of a case: its path on the API and the same query sent straight to Elasticsearch. */
export interface CaseRequest {
  path: string;
  direct: () => Promise<unknown>;
  /** The direct call without aggregations, where the case reports what its facets cost. */
  withoutFacets?: () => Promise<unknown>;
}

/** Values that occur often in the data, so filtered searches return something. */
function commonest(values: string[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([v]) => v);
}

function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

/**
 * The read benchmarks' cases over the seeded jobs: browse, search with three filters, get. Request
 * i of each, as an API path and the equivalent direct Elasticsearch query.
 */
export function readCases(docs: JobDocument[], search: Client, alias: string): Record<string, (i: number) => CaseRequest> {
  const words = ['engineer', 'developer', 'data', 'manager', 'designer', 'senior', 'analyst', 'product', 'backend', 'marketing'];
  const skills = commonest(
    docs.flatMap((d) => d.skills.map((s) => s.toLowerCase())),
    6,
  );
  const experiences = commonest(
    docs.flatMap((d) => (d.experience ? [d.experience.toLowerCase()] : [])),
    3,
  );
  const ids = docs.map((d) => d.id);
  return {
    // With its facets, so read-latency also reports what counting them costs.
    'browse, facets=all': (i) => {
      const query: BrowseQuery = { page: (i % 20) + 1, limit: 10, facets: 'all' };
      // Built outside the timed call: the baseline is the query alone, as Elasticsearch gets it.
      const request = buildBrowseRequest(readBrowseParams(query));
      const { aggs: _facets, ...plain } = request;
      return {
        path: `/agents/jobs?${queryString(query)}`,
        direct: () => runJobSearch(search, alias, request),
        withoutFacets: () => runJobSearch(search, alias, plain),
      };
    },
    'search, 3 filters': (i) => {
      const query: SearchQuery = {
        q: words[i % words.length],
        job_types: 'full_time,contract',
        experiences: experiences.join(','),
        skills: skills.slice(i % 3, (i % 3) + 3).join(','),
        page: 1,
        limit: 10,
      };
      const request = buildSearchRequest(readSearchParams(query));
      return { path: `/agents/jobs/search?${queryString(query)}`, direct: () => runJobSearch(search, alias, request) };
    },
    get: (i) => {
      const id = ids[(i * 7919) % ids.length];
      return { path: `/agents/jobs/${id}`, direct: () => findJob(search, alias, id) };
    },
  };
}
