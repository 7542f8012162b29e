import { expect } from 'chai';
import { indexFreshJobs, jobDocument } from '../../../../test/fixtures/job-documents';
import { testSearch } from '../../../../test/support/context';
import { readSearchParams } from '../params/params';
import { KnownWords } from '../relevance/known-words';
import { queryWords } from '../relevance/query-words';
import { legPolicy, type KeywordLeg } from './ranked-search';
import { searchJobs } from './search-jobs';

// Hybrid's keyword list may forgive fewer edits than keyword mode, which forgives two in words of
// 7+ letters in every short field: two in titles only, or one everywhere. The same words stay
// tolerant; only the distance shrinks.

const NURSES = [1, 2, 3].map((n) =>
  jobDocument({ id: `00000000-0000-4000-8000-0000000c000${n}`, title: `Oncology Nurse ${n}`, organization: 'Northumbria Healthcare' }),
);

describe('hybrid keyword legs: typo tolerance', function () {
  this.timeout(30_000);
  let index: string;

  before(async () => {
    index = await indexFreshJobs(NURSES);
  });

  async function found(query: string, typos: KeywordLeg['typos']): Promise<number> {
    const policy = await new KnownWords(testSearch(), index, { minDocs: 1 }).typoPolicy(queryWords(query).words);
    const result = await searchJobs(testSearch(), index, readSearchParams({ q: query, limit: 10 }), legPolicy(policy, typos), {
      relax: false,
    });
    return result.hits.length;
  }

  it('finds a word one edit away under every tolerance but none', async () => {
    // "oncolgy": one letter left out of "oncology".
    for (const typos of ['as keyword mode', 'two edits in titles only', 'one edit'] as const) {
      expect(await found('oncolgy nurse', typos), typos).to.equal(3);
    }
    expect(await found('oncolgy nurse', 'none')).to.equal(0);
  });

  it('finds a word two edits away in a title as keyword mode does, unless one edit is the most', async () => {
    // "onkolgy": a letter changed and one left out.
    expect(await found('onkolgy nurse', 'as keyword mode')).to.equal(3);
    expect(await found('onkolgy nurse', 'two edits in titles only')).to.equal(3);
    expect(await found('onkolgy nurse', 'one edit')).to.equal(0);
  });

  it('forgives one edit only outside titles under two edits in titles only', async () => {
    // "northumbira" (one edit: two letters swapped) and "norttumbira" (two) against the employer "Northumbria".
    expect(await found('northumbira nurse', 'two edits in titles only')).to.equal(3);
    expect(await found('norttumbira nurse', 'as keyword mode')).to.equal(3);
    expect(await found('norttumbira nurse', 'two edits in titles only')).to.equal(0);
  });
});
