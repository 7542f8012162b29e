import { expect } from 'chai';
import { buildBrowseRequest, splitBrowseFilters } from './browse-query';
import { facetAggregations } from './facets';
import { ACTIVE_JOBS } from './filters';
import { relevanceQuery } from './relevance';
import { buildSearchRequest } from './search-query';
import { JOB_SOURCE_FIELDS } from './source-fields';

const NO_FILTERS = { job_types: [], location_ids: [], organization_ids: [], experiences: [], skills: [] };

describe('buildBrowseRequest', () => {
  it('filters active jobs by every given filter, newest first then by id, one page, exact total, with facets', () => {
    const request = buildBrowseRequest({ filters: { job_type: ['contract'], hashtags: ['remote', 'visa'] }, paging: { page: 3, limit: 20 } });
    expect(request).to.deep.equal({
      query: { bool: { filter: [ACTIVE_JOBS, { terms: { 'tags.lower': ['remote', 'visa'] } }] } },
      post_filter: { bool: { filter: [{ term: { type: 'contract' } }] } },
      aggs: facetAggregations({ ...NO_FILTERS, job_types: ['contract'] }),
      sort: [{ created_at: { order: 'desc' } }, { id: { order: 'asc' } }],
      from: 40,
      size: 20,
      track_total_hits: true,
      _source: JOB_SOURCE_FIELDS,
    });
  });

  it('selects the facet values of job_type, location_id, organization_id and experience; hashtags and project_id narrow everything', () => {
    const [org, loc, project] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
    const filters = { organization_id: [org], location_id: [loc], job_type: ['contract'], experience: ['senior'], hashtags: ['remote'], project_id: [project] };
    expect(splitBrowseFilters(filters)).to.deep.equal({
      selected: { job_types: ['contract'], location_ids: [loc], organization_ids: [org], experiences: ['senior'], skills: [] },
      narrowing: { hashtags: ['remote'], project_id: [project] },
    });
    expect(buildBrowseRequest({ filters: {}, paging: { page: 1, limit: 10 } })).not.to.have.property('post_filter');
  });

  it('never asks for created_by', () => {
    expect(JOB_SOURCE_FIELDS).not.to.include('created_by');
  });
});

describe('buildSearchRequest', () => {
  it('scores active jobs and leaves the selected filters to the post_filter', () => {
    const request = buildSearchRequest({ q: 'go', filters: { ...NO_FILTERS, skills: ['go'] }, paging: { page: 1, limit: 10 } });
    expect(request.query).to.have.nested.property('bool.filter').that.deep.equals([ACTIVE_JOBS]);
    expect(request.post_filter).to.deep.equal({ bool: { filter: [{ term: { 'skills.lower': 'go' } }] } });
    expect(request.sort).to.deep.equal(['_score', { created_at: { order: 'desc' } }, { id: { order: 'asc' } }]);
    expect(request).to.include({ from: 0, size: 10, track_total_hits: true });
    expect(Object.keys(request.aggs ?? {})).to.deep.equal(['job_types', 'location_ids', 'organization_ids', 'experiences', 'skills']);
  });

  it('has no post_filter without filters', () => {
    expect(buildSearchRequest({ q: 'go', filters: NO_FILTERS, paging: { page: 1, limit: 10 } })).not.to.have.property('post_filter');
  });

  it('matches nothing for a query without words', () => {
    expect(buildSearchRequest({ q: '!!!', filters: NO_FILTERS, paging: { page: 1, limit: 10 } }).query).to.deep.equal({
      bool: { must: { match_none: {} }, filter: [ACTIVE_JOBS] },
    });
  });
});

describe('relevanceQuery', () => {
  /** Every multi_match clause inside a query. */
  const multiMatches = (node: unknown): Record<string, unknown>[] =>
    typeof node !== 'object' || node === null
      ? []
      : Object.entries(node).flatMap(([key, value]) => (key === 'multi_match' ? [value as Record<string, unknown>] : multiMatches(value)));

  it('looks for typos in the short fields, never in the description', () => {
    const clauses = multiMatches(relevanceQuery('kotlin'));
    const fuzzy = clauses.filter((c) => c.fuzziness !== undefined);
    expect(fuzzy).to.have.length(1);
    expect(fuzzy[0].fields).to.deep.equal(['title.plain^6', 'skills.plain^3', 'organization.plain^3', 'tags.plain^3', 'location.plain^1', 'department.plain^1']);
    expect(clauses.find((c) => c.fuzziness === undefined)?.fields).to.include('description^1');
  });

  it('asks for every word of a short query, three quarters of a long one', () => {
    const query = relevanceQuery('senior kotlin engineer berlin') as { bool: { must: { bool: { should: unknown[]; minimum_should_match: string } } } };
    expect(query.bool.must.bool.should).to.have.length(4);
    expect(query.bool.must.bool.minimum_should_match).to.equal('3<75%');
  });
});
