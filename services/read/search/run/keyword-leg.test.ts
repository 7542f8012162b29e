import { expect } from 'chai';
import { indexFreshJobs, jobDocument } from '../../../../test/fixtures/job-documents';
import { testSearch } from '../../../../test/support/context';
import { readSearchParams } from '../params/params';
import { KnownWords } from '../relevance/known-words';
import { queryWords } from '../relevance/query-words';
import type { TypoPolicy } from '../relevance/relevance';
import { MODEL_CARD } from '../../../../shared/embedding';
import { hybridLists, legPolicy, type KeywordLeg } from './ranked-search';
import { RELAX_BELOW, searchJobs } from './search-jobs';

// Hybrid's keyword list may forgive fewer edits than keyword mode, which forgives two in words of
// 7+ letters in every short field: two in titles only, or one everywhere. The same words stay
// tolerant; only the distance shrinks. A typo that a known word is near is read as that word
// (../relevance/spelling) and needs no tolerance: these tests are about the tolerance that a word
// with no likely meaning keeps, so their policies correct nothing.

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
    const uncorrected: TypoPolicy = Object.assign((word: string) => policy(word), { places: policy.places, roles: policy.roles });
    const result = await searchJobs(testSearch(), index, readSearchParams({ q: query, limit: 10 }), legPolicy(uncorrected, typos), {
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

/** A query vector for fixtures that carry none: their kNN list is empty whatever the vector. */
const UNIT = new Float32Array(MODEL_CARD.dims).fill(1 / Math.sqrt(MODEL_CARD.dims));

describe('hybrid keyword leg: no relaxing', function () {
  this.timeout(30_000);

  it('keeps to the jobs with every word where keyword mode lets in those that miss one', async () => {
    // Three full matches, fewer than RELAX_BELOW: keyword mode relaxes and lets the theatre nurse in below them.
    const theatreNurse = jobDocument({ id: '00000000-0000-4000-8000-0000000c0009', title: 'Theatre Nurse' });
    const index = await indexFreshJobs([...NURSES, theatreNurse]);
    expect(NURSES.length).to.be.below(RELAX_BELOW);
    const params = readSearchParams({ q: 'oncology nurse', mode: 'hybrid', limit: 10 });
    const typos = () => new KnownWords(testSearch(), index, { minDocs: 1 }).typoPolicy(queryWords('oncology nurse').words);
    const keywordMode = await searchJobs(testSearch(), index, { ...params, mode: 'keyword' }, await typos());
    expect(keywordMode.hits.map((hit) => hit.doc.id)).to.include(theatreNurse.id);
    // These fixtures carry no vectors, so the kNN list is empty whatever the query's vector: only the keyword list is read here.
    const lists = await hybridLists(testSearch(), index, params, () => Promise.resolve(UNIT), typos);
    expect(lists.keyword.map((job) => job.id)).to.have.members(NURSES.map((job) => job.id));
  });
});

describe('hybrid lists: the keyword request goes out before the query is embedded', function () {
  this.timeout(30_000);

  it('has sent the keyword search when the model is asked for the vector', async () => {
    // The model blocks the thread while it runs: a keyword request not yet sent would wait for it.
    const index = await indexFreshJobs(NURSES);
    const params = readSearchParams({ q: 'oncology nurse', mode: 'hybrid', limit: 10 });
    const known = new KnownWords(testSearch(), index, { minDocs: 1 });
    const typos = () => known.typoPolicy(queryWords('oncology nurse').words);
    await typos();
    const sent: string[] = [];
    let sentWhenEmbedding: string[] = [];
    testSearch().diagnostic.on('request', (_err, event) => sent.push(event?.meta.request.params.path ?? ''));
    try {
      const embed = () => {
        sentWhenEmbedding = [...sent];
        return Promise.resolve(UNIT);
      };
      await hybridLists(testSearch(), index, params, embed, typos);
      expect(sentWhenEmbedding).to.have.length(1);
      expect(sentWhenEmbedding[0]).to.match(/\/_search$/);
    } finally {
      testSearch().diagnostic.removeAllListeners('request');
    }
  });
});
