import { expect } from 'chai';
import { indexFreshJobs, jobDocument } from '../../../../test/fixtures/job-documents';
import { testSearch } from '../../../../test/support/context';
import { jobsById } from './jobs-by-id';

// A hybrid page of relevance order is fetched by a multi-get: its jobs in the fused order, the
// fields asked for, and a job gone since it was ranked left out rather than failing the page. Jobs
// prefetched (the kNN list's first, ranked-search) are taken from the prefetch.

const job = (n: number, title: string) => jobDocument({ id: `00000000-0000-4000-8000-0000000f000${n}`, title });

describe('jobsById', function () {
  this.timeout(30_000);
  const jobs = [job(1, 'Care Assistant'), job(2, 'Domiciliary Carer'), job(3, 'Support Worker')];
  let index: string;

  before(async () => {
    index = await indexFreshJobs(jobs);
  });

  it('answers the jobs in the order given, with their score, leaving out an id the index does not hold', async () => {
    const gone = '00000000-0000-4000-8000-0000000f0009';
    const hits = await jobsById(
      testSearch(),
      index,
      [
        { id: jobs[2].id, score: 0.3 },
        { id: gone, score: 0.2 },
        { id: jobs[0].id, score: 0.1 },
      ],
      true,
    );
    expect(hits.map((hit) => hit.doc.id)).to.deep.equal([jobs[2].id, jobs[0].id]);
    expect(hits[0].doc).to.deep.equal(jobs[2]);
    expect(hits.map((hit) => hit.sort[0])).to.deep.equal([0.3, 0.1]);
  });

  it('reads only the fields asked for', async () => {
    const [hit] = await jobsById(testSearch(), index, [{ id: jobs[1].id, score: 1 }], ['id', 'title', 'created_at']);
    expect(hit.doc).to.deep.equal({ id: jobs[1].id, title: 'Domiciliary Carer', created_at: jobs[1].created_at });
  });

  it('takes what was prefetched from the prefetch, and fetches only the rest', async () => {
    // A prefetched document unlike the stored one shows where each job's document came from.
    const asPrefetched = { ...jobs[0], title: 'Care Assistant (as prefetched)' };
    const prefetched = { ids: new Set([jobs[0].id]), docs: Promise.resolve(new Map([[jobs[0].id, asPrefetched]])) };
    const hits = await jobsById(
      testSearch(),
      index,
      [
        { id: jobs[0].id, score: 0.2 },
        { id: jobs[1].id, score: 0.1 },
      ],
      true,
      prefetched,
    );
    expect(hits.map((hit) => hit.doc)).to.deep.equal([asPrefetched, jobs[1]]);
    expect(hits.map((hit) => hit.sort[0])).to.deep.equal([0.2, 0.1]);
  });

  it('fetches again a job the prefetch did not bring (a prefetch that failed holds none)', async () => {
    const prefetched = { ids: new Set([jobs[0].id, jobs[2].id]), docs: Promise.resolve(new Map()) };
    const hits = await jobsById(testSearch(), index, [{ id: jobs[2].id, score: 1 }], true, prefetched);
    expect(hits.map((hit) => hit.doc)).to.deep.equal([jobs[2]]);
  });
});
