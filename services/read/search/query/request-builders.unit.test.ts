import { expect } from 'chai';
import { buildBrowseRequest, splitBrowseFilters } from './browse-request';
import { facetAggregations } from './facets';
import { inactiveJobs } from './filters';
import { canRelax, relevanceQuery } from '../relevance/relevance';
import { FACET_NAMES } from '../../../../shared/schemas/job-search';
import { encodeCursor } from '../params/cursor';
import { readBrowseParams, readSearchParams } from '../params/params';
import { buildSearchRequest } from './search-request';

const NO_FILTERS = { job_types: [], location_ids: [], organization_ids: [], experiences: [], skills: [] };

describe('buildBrowseRequest', () => {
  it('filters active jobs by every given filter in the query, newest first then by id, one page, total counted to 10 000, no facets', () => {
    const request = buildBrowseRequest(readBrowseParams({ job_type: 'contract', hashtags: 'remote,visa', page: 3, limit: 20 }));
    expect(request).to.deep.equal({
      query: {
        bool: { filter: [{ term: { type: 'contract' } }, { terms: { 'tags.lower': ['remote', 'visa'] } }], must_not: inactiveJobs() },
      },
      sort: [{ created_at: { order: 'desc' } }, { id: { order: 'asc' } }],
      from: 40,
      size: 20,
      track_total_hits: 10_000,
      _source: true,
    });
  });

  it('with facets, leaves the facet filters to the post_filter so each facet counts without its own', () => {
    const request = buildBrowseRequest(readBrowseParams({ job_type: 'contract', hashtags: 'remote,visa', facets: 'all', limit: 20 }));
    expect(request.query).to.deep.equal({ bool: { filter: [{ terms: { 'tags.lower': ['remote', 'visa'] } }], must_not: inactiveJobs() } });
    expect(request.post_filter).to.deep.equal({ bool: { filter: [{ term: { type: 'contract' } }] } });
    expect(request.aggs).to.deep.equal(facetAggregations({ ...NO_FILTERS, job_types: ['contract'] }, FACET_NAMES));
  });

  it('selects the facet values of job_type, location_id, organization_id and experience; hashtags and project_id narrow everything', () => {
    const [org, loc, project] = [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
    ];
    const filters = {
      organization_id: [org],
      location_id: [loc],
      job_type: ['contract'],
      experience: ['senior'],
      hashtags: ['remote'],
      project_id: [project],
    };
    expect(splitBrowseFilters(filters)).to.deep.equal({
      selected: {
        job_types: ['contract'],
        location_ids: [loc],
        organization_ids: [org],
        experiences: ['senior'],
        skills: [],
        workplace_types: [],
      },
      narrowing: { hashtags: ['remote'], project_id: [project] },
    });
    expect(buildBrowseRequest(readBrowseParams({ facets: 'all', limit: 10 }))).not.to.have.property('post_filter');
  });

  it("reads a cursor page after the cursor's sort values, one hit more than it shows", () => {
    const cursor = encodeCursor(readBrowseParams({ limit: 10 }).paging.scope, { after: [1_700_000_000_000, 'abc'], offset: 10 });
    const request = buildBrowseRequest(readBrowseParams({ cursor, limit: 10 }));
    expect(request).to.include({ size: 11, track_total_hits: 10_000 });
    expect(request.search_after).to.deep.equal([1_700_000_000_000, 'abc']);
    expect(request).not.to.have.property('from');
  });

  it('asks only for the stored fields the chosen fields need', () => {
    expect(buildBrowseRequest(readBrowseParams({ fields: 'title,is_active', limit: 10 }))._source).to.deep.equal([
      'id',
      'title',
      'is_active',
      'closing_date',
    ]);
  });
});

describe('buildSearchRequest', () => {
  it('scores active jobs narrowed by the filters, and counts no facets unless asked', () => {
    const request = buildSearchRequest(readSearchParams({ q: 'go', skills: 'go', limit: 10 }));
    expect(request.query)
      .to.have.nested.property('bool.filter')
      .that.deep.equals([{ term: { 'skills.lower': 'go' } }]);
    expect(request.query).to.have.nested.property('bool.must_not').that.deep.equals(inactiveJobs());
    expect(request).not.to.have.property('post_filter');
    expect(request).not.to.have.property('aggs');
    expect(request, 'relevance order, which lets Elasticsearch skip what cannot reach the top').not.to.have.property('sort');
    expect(request).to.include({ from: 0, size: 10, track_total_hits: 10_000 });
  });

  it('with facets, leaves the selected filters to the post_filter', () => {
    const request = buildSearchRequest(readSearchParams({ q: 'go', skills: 'go', facets: 'skills,job_types', limit: 10 }));
    expect(request.query).to.have.nested.property('bool.filter').that.deep.equals([]);
    expect(request.post_filter).to.deep.equal({ bool: { filter: [{ term: { 'skills.lower': 'go' } }] } });
    expect(Object.keys(request.aggs ?? {})).to.deep.equal(['job_types', 'skills']);
  });

  it("reads a cursor page past the first 10 000 by score, newest and id after the cursor's values", () => {
    const { scope } = readSearchParams({ q: 'go', limit: 10 }).paging;
    const cursor = encodeCursor(scope, { after: [2.5, 1_700_000_000_000, 'abc'], offset: 10_000 });
    const request = buildSearchRequest(readSearchParams({ q: 'go', cursor, limit: 10 }));
    expect(request.sort).to.deep.equal(['_score', { created_at: { order: 'desc' } }, { id: { order: 'asc' } }]);
    expect(request).to.deep.include({ search_after: [2.5, 1_700_000_000_000, 'abc'], size: 11 });
    const near = buildSearchRequest(readSearchParams({ q: 'go', cursor: encodeCursor(scope, { offset: 30 }), limit: 10 }));
    expect(near).to.include({ from: 30, size: 10 });
    expect(near).not.to.have.property('sort');
  });

  it('leaves typo tolerance out for the words the policy names as known', () => {
    const fuzzy = (request: object) => JSON.stringify(request).match(/"fuzziness"/g)?.length ?? 0;
    expect(fuzzy(buildSearchRequest(readSearchParams({ q: 'kotlin engneer', limit: 10 })))).to.equal(2);
    expect(fuzzy(buildSearchRequest(readSearchParams({ q: 'kotlin engneer', limit: 10 }), (word) => word === 'engneer'))).to.equal(1);
  });

  it('forgives two edits in long words where the policy says (every short field unless told), one elsewhere', () => {
    const params = readSearchParams({ q: 'kotlin engneer', limit: 10 });
    const unknown = (word: string) => word === 'engneer';
    const typoClauses = (longTypos?: 'everywhere' | 'titles' | 'nowhere') =>
      JSON.stringify(
        buildSearchRequest(
          params,
          Object.assign((word: string) => unknown(word), longTypos ? { longTypos } : {}),
        ),
      )
        .match(/"fields":\[[^\]]*\],"operator":"and","fuzziness":"[^"]*"/g)
        ?.map((clause) => `${clause.match(/"fuzziness":"([^"]*)"/)![1]} ${JSON.parse(clause.match(/\[[^\]]*\]/)![0]).join(',')}`);
    const shortFields = 'title.plain^6,skills.plain^3,organization.plain^3,tags.plain^3,location.plain^1,department.plain^1';
    expect(typoClauses()).to.deep.equal([`AUTO:4,7 ${shortFields}`]);
    expect(typoClauses('everywhere')).to.deep.equal(typoClauses());
    expect(typoClauses('nowhere')).to.deep.equal([`AUTO:4,256 ${shortFields}`]);
    expect(typoClauses('titles')).to.deep.equal([
      'AUTO:4,7 title.plain^6',
      'AUTO:4,256 skills.plain^3,organization.plain^3,tags.plain^3,location.plain^1,department.plain^1',
    ]);
  });

  it('lifts phrases by re-ranking the best hits only, and not on cursor pages sorted past the window', () => {
    const request = buildSearchRequest(readSearchParams({ q: 'data engineer', limit: 10 }));
    expect(request.rescore).to.deep.include({ window_size: 100 });
    expect(JSON.stringify(request.query)).not.to.include('title.pairs');
    const { scope } = readSearchParams({ q: 'data engineer', limit: 10 }).paging;
    const deep = encodeCursor(scope, { after: [1, 2, 'x'], offset: 10_000 });
    expect(buildSearchRequest(readSearchParams({ q: 'data engineer', cursor: deep, limit: 10 }))).not.to.have.property('rescore');
  });

  it('has no post_filter without filters', () => {
    expect(buildSearchRequest(readSearchParams({ q: 'go', facets: 'all', limit: 10 }))).not.to.have.property('post_filter');
  });

  it('matches nothing for a query without words', () => {
    expect(buildSearchRequest(readSearchParams({ q: '!!!', limit: 10 })).query).to.deep.equal({
      bool: { must: { match_none: {} }, filter: [], must_not: inactiveJobs() },
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
    expect(fuzzy[0].fields).to.deep.equal([
      'title.plain^6',
      'skills.plain^3',
      'organization.plain^3',
      'tags.plain^3',
      'location.plain^1',
      'department.plain^1',
    ]);
    expect(clauses.find((c) => c.fuzziness === undefined)?.fields).to.include('description^1');
  });

  it('asks for every word of up to four, four fifths of a longer query; relaxed, one word fewer from three words on', () => {
    type Match = { match: { bool: { should: unknown[]; minimum_should_match: string } } };
    const { match } = relevanceQuery('kotlin engineer berlin payments') as Match;
    expect(match.bool.should).to.have.length(4);
    expect(match.bool.minimum_should_match).to.equal('4<80%');
    // Relaxed, a query of no role words also lifts the jobs with every word above those missing one.
    type Relaxed = { match: { bool: { must: Match['match']; should: { constant_score: { filter: Match['match'] } }[] } } };
    const relaxed = (relevanceQuery('kotlin engineer berlin payments', undefined, { relaxed: true, place: 'required' }) as Relaxed).match
      .bool;
    expect(relaxed.must.bool.minimum_should_match).to.equal('1<-1 4<75%');
    expect(relaxed.should.map((clause) => clause.constant_score.filter.bool.minimum_should_match)).to.deep.equal(['4<80%']);
    expect([
      canRelax('kotlin'),
      canRelax('kotlin engineer'),
      canRelax('machine learning'),
      canRelax('machine learning engineer'),
    ]).to.deep.equal([false, true, false, true]);
  });

  it('requires the role words only: a level or job type favours jobs, filler counts for nothing', () => {
    type Match = { match: { bool: { must: { bool: { should: unknown[] } }; should: unknown[] } } };
    const { match } = relevanceQuery('senior kotlin engineer jobs') as Match;
    expect(match.bool.must.bool.should).to.have.length(2);
    expect(match.bool.should).to.have.length(1);
    expect(JSON.stringify(match.bool.should)).to.include('"experience.lower"');
    expect(JSON.stringify(match)).not.to.include('"jobs"');
    expect([canRelax('senior kotlin'), canRelax('part time kotlin jobs')]).to.deep.equal([false, false]);
  });

  it('asks for the other forms of a word that names roles in the short fields only, below those of other words', () => {
    const policy = Object.assign(() => false, { roles: new Set(['nurse']) });
    const forms = (q: string) => multiMatches(relevanceQuery(q, policy)).find((c) => c.boost === 0.4 || c.boost === 0.2);
    expect(forms('nurse')).to.deep.include({ query: 'nurses', boost: 0.2 });
    expect(forms('nurse')?.fields).not.to.include('description^1');
    expect(forms('schools')).to.deep.include({ query: 'school', boost: 0.4 });
    expect(forms('schools')?.fields).to.include('description^1');
  });

  it('never weighs a stand-in above the words typed: by their rarity over its own, in the title and the description', () => {
    const rarities: Record<string, [number, number]> = { healthcare: [2, 3], assistant: [1.5, 2], hca: [5, 6] };
    const policy = Object.assign(() => false, {
      rarity: (word: string, field: 'title' | 'description') => rarities[word]?.[field === 'title' ? 0 : 1],
    });
    const hca = multiMatches(relevanceQuery('healthcare assistant', policy)).find((c) => c.query === 'hca');
    // min(3.5 / 5, 5 / 6) x 0.8: an HCA title scores at most 0.8 of "Healthcare Assistant" (by word count alone: 1.6).
    expect(hca?.boost).to.equal(0.56);
  });

  it('gives the name of a place no other form ("manchesters"), and requires the place, or puts it first', () => {
    const policy = Object.assign(() => false, { places: new Set(['manchester']) });
    expect(JSON.stringify(relevanceQuery('manchester', policy))).not.to.include('manchesters');
    expect(JSON.stringify(relevanceQuery('manchester', () => false))).to.include('manchesters');
    type Placed = { places: string[]; match: { bool: { filter?: unknown; should: unknown } } };
    const required = relevanceQuery('nurse manchester', policy) as Placed;
    expect(required.places).to.deep.equal(['manchester']);
    expect(JSON.stringify(required.match.bool.filter)).to.include('"location":"manchester"');
    const first = relevanceQuery('nurse manchester', policy, { relaxed: false, place: 'first' }) as Placed;
    expect(first.match.bool).not.to.have.property('filter');
    expect(JSON.stringify(first.match.bool.should)).to.include('"boost":1000');
  });

  it('looks a word up in the job type only when it is a job type value', () => {
    expect(JSON.stringify(relevanceQuery('kotlin'))).not.to.include('"type":{"value"');
    // A query of a job type alone has it as its role word ("internship" jobs).
    expect(JSON.stringify(relevanceQuery('internship'))).to.include('"type":{"value":"internship"');
  });

  it('has no phrase boost for a query of one word, which is no phrase', () => {
    expect(relevanceQuery('kotlin').phrases).to.equal(undefined);
    expect(relevanceQuery('kotlin jobs').phrases).to.equal(undefined);
    expect(relevanceQuery('kotlin engineer').phrases).not.to.equal(undefined);
  });

  it('asks for the other forms of a word below the word itself in the main fields, as typed in the typo fields', () => {
    const text = JSON.stringify(relevanceQuery('nurses'));
    expect(text).to.match(/"query":"nurse","type":"cross_fields","fields":\["title\^6"[^}]*"boost":0.4/);
    expect(text).to.match(/"query":"nurses","type":"best_fields","fields":\["title.plain\^6"[^}]*"fuzziness"/);
  });
});
