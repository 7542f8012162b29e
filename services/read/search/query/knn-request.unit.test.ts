import { expect } from 'chai';
import { readSearchParams, readSimilarParams } from '../params/params';
import { facetAggregations } from './facets';
import { inactiveJobs } from './filters';
import {
  buildKnnListRequest,
  buildSemanticRequest,
  buildSimilarRequest,
  firstKnnFiltering,
  knnFilter,
  knnQuery,
  MIN_CANDIDATES,
  numCandidates,
  vectorJson,
} from './knn-request';
import { buildSearchRequest } from './search-request';

const VECTOR = new Float32Array([0.6, 0.8, 0]);
const ORG = '00000000-0000-4000-8000-00000000a001';
const SEEN = '00000000-0000-4000-8000-0000000c0001';
const NO_FILTERS = { job_types: [], location_ids: [], organization_ids: [], experiences: [], skills: [] };

describe('kNN requests (hybrid and semantic search, similar jobs)', () => {
  it('filters inside the knn query: the filters and constraints, active jobs only, the ids left out', () => {
    expect(knnFilter({ ...NO_FILTERS, job_types: ['contract'] }, { remote: true }, [SEEN])).to.deep.equal({
      bool: {
        filter: [{ term: { type: 'contract' } }, { term: { is_remote: true } }],
        must_not: [...inactiveJobs(), { ids: { values: [SEEN] } }],
      },
    });
  });

  it('semantic: the 100 nearest under every filter, paged by offset, facets counted over them, a snippet around the words', () => {
    const params = readSearchParams({
      q: 'care at home',
      mode: 'semantic',
      organization_ids: ORG,
      facets: 'job_types',
      page: 2,
      limit: 5,
      snippet: 80,
    });
    const request = buildSemanticRequest(params, VECTOR);
    expect(request.query).to.deep.equal({
      knn: {
        field: 'embedding',
        query_vector: [0.6, 0.8, 0],
        k: 100,
        num_candidates: numCandidates(100),
        filter: knnFilter({ ...NO_FILTERS, organization_ids: [ORG] }, {}),
      },
    });
    expect(request).to.not.have.property('post_filter');
    expect(request.aggs).to.deep.equal(facetAggregations(params.filters, ['job_types']));
    expect(request).to.deep.include({ from: 5, size: 5, track_total_hits: 10_000 });
    expect(request.highlight?.highlight_query).to.deep.equal({ match: { description: { query: 'care at home' } } });
    expect(request).to.not.have.property('sort');
    expect(buildSemanticRequest(readSearchParams({ q: 'care', mode: 'semantic', sort: 'newest', limit: 10 }), VECTOR).sort).to.deep.equal([
      { created_at: { order: 'desc' } },
      { id: { order: 'asc' } },
    ]);
  });

  it("hybrid's kNN list: ids and scores of the k nearest, nothing stored, no total", () => {
    const request = buildKnnListRequest(readSearchParams({ q: 'care', mode: 'hybrid', exclude_ids: SEEN, limit: 10 }), VECTOR, 100);
    expect(request).to.deep.include({ size: 100, _source: false, stored_fields: '_none_', track_total_hits: false });
    // No filter chosen: the standing filter after the search, over the 100 asked for, the one left out and one in five more.
    expect(request.query).to.deep.equal({
      bool: {
        must: knnQuery({ vector: VECTOR }, 100 + 1 + 20),
        must_not: [...inactiveJobs(), { ids: { values: [SEEN] } }],
      },
    });
    expect(buildKnnListRequest(readSearchParams({ q: 'care', mode: 'hybrid', limit: 10 }), VECTOR, 100, 'inside').query).to.deep.equal(
      knnQuery({ vector: VECTOR }, 100, knnFilter(NO_FILTERS, {})),
    );
  });

  it('filters a further clause (a place named) inside the kNN search, beside the filters, whichever filtering was asked for', () => {
    const leeds = { match: { location: 'leeds' } };
    const params = readSearchParams({ q: 'care leeds', job_types: 'contract', exclude_ids: SEEN, limit: 10 });
    const inside = knnQuery({ vector: VECTOR }, 100, {
      bool: { filter: [{ term: { type: 'contract' } }, leeds], must_not: [...inactiveJobs(), { ids: { values: [SEEN] } }] },
    });
    expect(buildKnnListRequest(params, VECTOR, 100, 'inside', leeds).query).to.deep.equal(inside);
    expect(buildKnnListRequest(params, VECTOR, 100, 'after', leeds).query).to.deep.equal(inside);
  });

  it('filters inside the kNN search first whenever a filter or constraint was chosen, after it otherwise', () => {
    expect(firstKnnFiltering(NO_FILTERS, {})).to.equal('after');
    expect(firstKnnFiltering({ ...NO_FILTERS, organization_ids: [ORG] }, {})).to.equal('inside');
    expect(firstKnnFiltering(NO_FILTERS, { remote: false })).to.equal('inside');
    const filtered = buildKnnListRequest(readSearchParams({ q: 'care', mode: 'hybrid', organization_ids: ORG, limit: 10 }), VECTOR, 100);
    expect(filtered.query).to.deep.equal(knnQuery({ vector: VECTOR }, 100, knnFilter({ ...NO_FILTERS, organization_ids: [ORG] }, {})));
  });

  it('similar jobs: the stored vector of the job looked up by Elasticsearch, the job itself left out', () => {
    const params = readSimilarParams({ limit: 3, exclude_ids: SEEN, fields: 'title' });
    const job = { job: { index: 'jobs', id: 'job-1' } };
    expect(buildSimilarRequest('jobs', 'job-1', params)).to.deep.equal({
      query: {
        bool: {
          must: {
            knn: {
              field: 'embedding',
              query_vector_builder: { lookup: { index: 'jobs', id: 'job-1', path: 'embedding' } },
              k: 3 + 2 + 1,
              num_candidates: MIN_CANDIDATES,
            },
          },
          must_not: [...inactiveJobs(), { ids: { values: ['job-1', SEEN] } }],
        },
      },
      size: 3,
      track_total_hits: false,
      _source: ['id', 'title', 'created_at'],
    });
    expect(buildSimilarRequest('jobs', 'job-1', params, 'inside').query).to.deep.equal(
      knnQuery(job, 3, knnFilter(NO_FILTERS, {}, ['job-1', SEEN])),
    );
  });

  it('asks for more candidates than results, within what Elasticsearch takes', () => {
    expect(numCandidates(1)).to.equal(MIN_CANDIDATES);
    expect(numCandidates(100)).to.be.at.least(100);
    expect(numCandidates(100_000)).to.equal(10_000);
  });

  it('writes a vector as numbers rounded to 6 decimals', () => {
    expect(vectorJson(new Float32Array([0.123456789, -0.5, 1e-9]))).to.deep.equal([0.123457, -0.5, 0]);
  });

  it('leaves exclude_ids out of a keyword search as a must_not ids clause, and the request as it was without them', () => {
    const plain = buildSearchRequest(readSearchParams({ q: 'nurse', limit: 10 }));
    const keyword = buildSearchRequest(readSearchParams({ q: 'nurse', mode: 'keyword', exclude_ids: SEEN.toUpperCase(), limit: 10 }));
    const mustNot = (request: typeof plain) => (request.query as { bool: { must_not: unknown[] } }).bool.must_not;
    expect(mustNot(plain)).to.deep.equal(inactiveJobs());
    expect(mustNot(keyword)).to.deep.equal([...inactiveJobs(), { ids: { values: [SEEN] } }]);
  });
});
