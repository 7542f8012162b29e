import { expect } from 'chai';
import { facetAggregations, readFacets, type FacetAggregationsResult } from './facets';
import { FACET_NAMES } from '../../../../shared/schemas/job-search';
import type { SearchFilters } from '../params/params';

const NO_FILTERS: SearchFilters = { job_types: [], location_ids: [], organization_ids: [], experiences: [], skills: [] };
const BERLIN = '00000000-0000-4000-8000-0000000b0001';
const LISBON = '00000000-0000-4000-8000-0000000b0002';

describe('facetAggregations', () => {
  it('narrows each facet by every filter except its own', () => {
    const aggs = facetAggregations({ ...NO_FILTERS, job_types: ['contract'], skills: ['go', 'rust'] }, FACET_NAMES);
    expect(aggs.job_types.filter).to.deep.equal({ bool: { filter: [{ terms: { 'skills.lower': ['go', 'rust'] } }] } });
    expect(aggs.skills.filter).to.deep.equal({ bool: { filter: [{ term: { type: 'contract' } }] } });
    expect(aggs.experiences.filter).to.deep.equal({
      bool: { filter: [{ term: { type: 'contract' } }, { terms: { 'skills.lower': ['go', 'rust'] } }] },
    });
  });

  it('counts the selected values apart from the top values, which may leave them out', () => {
    const aggs = facetAggregations({ ...NO_FILTERS, skills: ['go'] }, FACET_NAMES);
    expect(aggs.skills.aggs).to.deep.equal({
      top: { terms: { field: 'skills.lower', size: 20, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
      selected: { terms: { field: 'skills.lower', include: ['go'], size: 1 } },
    });
    expect(aggs.skills.filter).to.deep.equal({ match_all: {} });
  });

  it('looks up labels of selected ids over the whole index, and only then', () => {
    expect(facetAggregations(NO_FILTERS, FACET_NAMES)).not.to.have.property('selected_labels');
    expect(facetAggregations({ ...NO_FILTERS, location_ids: [BERLIN] }, FACET_NAMES).selected_labels).to.deep.equal({
      global: {},
      aggs: {
        location_ids: {
          terms: { field: 'location_id', include: [BERLIN], size: 1 },
          aggs: { label: { terms: { field: 'location.keyword', size: 1 } } },
        },
      },
    });
  });
});

describe('readFacets', () => {
  it('lists the top values, then adds selected values with their own counts or 0, ordered by count then value', () => {
    const aggregations: FacetAggregationsResult = {
      skills: {
        top: {
          buckets: [
            { key: 'go', doc_count: 5 },
            { key: 'sql', doc_count: 2 },
          ],
        },
        selected: { buckets: [{ key: 'cobol', doc_count: 1 }] },
      },
      location_ids: { top: { buckets: [{ key: BERLIN, doc_count: 3, label: { buckets: [{ key: 'Berlin' }] } }] } },
      selected_labels: { location_ids: { buckets: [{ key: LISBON, doc_count: 4, label: { buckets: [{ key: 'Lisbon' }] } }] } },
    };
    const facets = readFacets(aggregations, { ...NO_FILTERS, skills: ['cobol', 'go', 'zig', 'ada'], location_ids: [LISBON] }, FACET_NAMES);
    expect(facets).to.deep.equal({
      job_types: [],
      location_ids: [
        { value: BERLIN, label: 'Berlin', count: 3 },
        { value: LISBON, label: 'Lisbon', count: 0 },
      ],
      organization_ids: [],
      experiences: [],
      skills: [
        { value: 'go', count: 5 },
        { value: 'sql', count: 2 },
        { value: 'cobol', count: 1 },
        { value: 'ada', count: 0 },
        { value: 'zig', count: 0 },
      ],
      workplace_types: [],
    });
  });

  it('reads a missing index (no aggregations) as empty facets with the selected values at 0', () => {
    expect(readFacets(undefined, { ...NO_FILTERS, job_types: ['contract'] }, FACET_NAMES)).to.deep.equal({
      job_types: [{ value: 'contract', count: 0 }],
      location_ids: [],
      organization_ids: [],
      experiences: [],
      skills: [],
      workplace_types: [],
    });
  });

  it('counts only the facets asked for, and none when none were', () => {
    expect(Object.keys(facetAggregations({ ...NO_FILTERS, skills: ['go'] }, ['skills', 'job_types']))).to.deep.equal([
      'skills',
      'job_types',
    ]);
    expect(readFacets(undefined, NO_FILTERS, ['job_types'])).to.deep.equal({ job_types: [] });
    expect(readFacets(undefined, NO_FILTERS, [])).to.equal(undefined);
  });
});
