import { expect } from 'chai';
import { indexFreshEmbeddedJobs } from '../../../../test/fixtures/embedded-jobs';
import { jobDocument } from '../../../../test/fixtures/job-documents';
import { MEANING_CATALOG, MEANING_JOBS as J } from '../../../../test/fixtures/meaning-jobs';
import { testConfig, testSearch } from '../../../../test/support/context';
import { readSimilarParams } from '../params/params';
import { buildSimilarRequest } from '../query/knn-request';
import { findSimilarJobs } from './similar-jobs';

// Without a chosen filter, similar jobs drops closed jobs after the kNN search (knn-request:
// firstKnnFiltering). When the nearest jobs are all closed, that leaves none; the search must then
// run again filtered inside, and still answer the nearest open ones.

/** Closed postings of the domiciliary carer's own words: the nearest jobs to it, none of them open. */
const CLOSED_TWINS = [1, 2, 3].map((n) =>
  jobDocument({
    ...J.domiciliaryCarer,
    id: `00000000-0000-4000-8000-0000000e000${n}`,
    title: `${J.domiciliaryCarer.title} (${n})`,
    is_active: false,
  }),
);

describe('findSimilarJobs when the nearest jobs are closed', function () {
  this.timeout(60_000);

  before(async () => {
    await indexFreshEmbeddedJobs([...MEANING_CATALOG, ...CLOSED_TWINS], [J.companion.id]);
  });

  it('answers the nearest open jobs, as a search filtered inside the graph does', async () => {
    const index = testConfig().indexAlias;
    const params = readSimilarParams({ limit: 2 });
    const nearest = await testSearch().search({ index, ...buildSimilarRequest(index, J.domiciliaryCarer.id, params, 'after') });
    // The premise: filtered after the search, the closed twins fill what was asked for, and too few are left.
    expect(nearest.hits.hits.length).to.be.below(2);
    const inside = await testSearch().search<{ id: string }>({
      index,
      ...buildSimilarRequest(index, J.domiciliaryCarer.id, params, 'inside'),
    });
    const found = await findSimilarJobs(testSearch(), index, J.domiciliaryCarer.id, params);
    expect(found.map((hit) => hit.doc.id))
      .to.deep.equal(inside.hits.hits.map((hit) => hit._source!.id))
      .and.have.length(2);
    expect(found.map((hit) => hit.doc.id)).to.not.include.members(CLOSED_TWINS.map((job) => job.id));
  });
});
