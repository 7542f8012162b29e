import { expect } from 'chai';
import { indexFreshEmbeddedJobs } from '../../../../test/fixtures/embedded-jobs';
import { MEANING_CATALOG, MEANING_JOBS as J } from '../../../../test/fixtures/meaning-jobs';
import { jobIds as ids, jobSearch, qParam as q } from '../../../../test/fixtures/read-client';

// The real model (bge-small-en-v1.5) embeds the fixtures and the queries; the real Elasticsearch ranks them.

// Four role words: a short query the words answer, not a description of the work (described-search.test).
const ELDERLY_AT_HOME = 'elderly people in their own homes';
const ACTIVE = MEANING_CATALOG.filter((job) => job.is_active);

describe('GET /agents/jobs/search: a keyword page that its words leave short, filled by meaning', function () {
  this.timeout(60_000);
  const search = jobSearch();

  before(async () => {
    // The companion, the one job with every word, has no vector: the words alone rank it first.
    await indexFreshEmbeddedJobs(MEANING_CATALOG, [J.companion.id]);
  });

  it('keeps the jobs the words found first, in their order, then the jobs nearest in meaning, and says how many the words found', async () => {
    const words = await search(`${q(ELDERLY_AT_HOME)}&limit=100&sort=newest`);
    const all = await search(`${q(ELDERLY_AT_HOME)}&limit=100`);
    const found = all.meaning_fill.word_matches;
    expect(found).to.equal(words.jobs.length).and.to.be.at.least(1);
    expect(ids(all)[0]).to.equal(J.companion.id);
    expect(ids(all).slice(0, found)).to.have.members(ids(words));
    expect(ids(all).slice(found)).to.include(J.domiciliaryCarer.id);
    expect(ids(all)).to.not.include(J.closedHomeCarer.id);
    expect(all.pagination).to.deep.include({ total_items: all.jobs.length, total_relation: 'eq' });
  });

  it('leaves a short page as it is when no job near in meaning passes the filters', async () => {
    const remote = await search(`${q(ELDERLY_AT_HOME)}&remote=true`);
    expect(remote).to.not.have.property('meaning_fill');
  });

  it('applies the filters to the jobs near in meaning', async () => {
    const body = await search(`${q(ELDERLY_AT_HOME)}&job_types=part_time&limit=100`);
    expect(ids(body)).to.have.members([J.domiciliaryCarer.id, J.supportWorker.id]);
  });

  it('pages through the filled list with numbered pages and cursors, without repeats', async () => {
    const whole = ids(await search(`${q(ELDERLY_AT_HOME)}&limit=100`));
    const seen: string[] = [];
    let page = await search(`${q(ELDERLY_AT_HOME)}&limit=4`);
    for (;;) {
      seen.push(...ids(page));
      if (!page.pagination.next_cursor) break;
      page = await search(`${q(ELDERLY_AT_HOME)}&limit=4&cursor=${page.pagination.next_cursor}`);
    }
    expect(seen).to.deep.equal(whole);
    expect(ids(await search(`${q(ELDERLY_AT_HOME)}&limit=4&page=2`))).to.deep.equal(whole.slice(4, 8));
  });

  it('fills the same list whether a page asks for facets or not, and counts the ranked jobs in them', async () => {
    const plain = await search(`${q(ELDERLY_AT_HOME)}&limit=100`);
    const faceted = await search(`${q(ELDERLY_AT_HOME)}&facets=job_types&limit=100`);
    expect(ids(faceted)).to.deep.equal(ids(plain));
    expect(faceted.meaning_fill).to.deep.equal(plain.meaning_fill);
    const counted = faceted.facets.job_types.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0);
    expect(counted).to.be.at.least(faceted.jobs.length);
    // A cursor walk that asks for facets on its first page only sees the very list of one without.
    const first = await search(`${q(ELDERLY_AT_HOME)}&limit=3&facets=all`);
    const second = await search(`${q(ELDERLY_AT_HOME)}&limit=3&cursor=${first.pagination.next_cursor}`);
    expect([...ids(first), ...ids(second)]).to.deep.equal(ids(plain).slice(0, 6));
  });

  it('fills the page of a place named with the jobs near in meaning there first, then those elsewhere, and says so', async () => {
    // The companion, in London, has every word; in Leeds no job has them, so it comes first from elsewhere.
    const placed = await search(`${q(`${ELDERLY_AT_HOME} in leeds`)}&limit=100`);
    expect(placed.place).to.deep.include({ words: ['leeds'], in_place_total: 0, includes_elsewhere: true });
    expect(placed.meaning_fill).to.deep.equal({ word_matches: 1 });
    const [first, ...filled] = ids(placed);
    expect(first).to.equal(J.companion.id);
    const inLeeds = new Set(ACTIVE.filter((job) => job.location === 'Leeds').map((job) => job.id));
    const there = filled.filter((id) => inLeeds.has(id));
    expect(filled.slice(0, there.length)).to.deep.equal(there);
    expect(there).to.include(J.domiciliaryCarer.id);
    expect(filled.length).to.be.above(there.length);
  });

  it('fills the page of a list of topics with the jobs that have half its words beside those near in meaning, first', async () => {
    // No job has three of the four topics; the chef has two ("grill", "sauces"). The nurse, whose
    // ward is the only topic of the four she has, is nearer in meaning: meaning alone ranked her first.
    const list = await search(`${q('grill sauces patients ward')}&limit=100`);
    expect(list.meaning_fill).to.deep.equal({ word_matches: 0 });
    expect(ids(list)[0]).to.equal(J.chef.id);
    expect(ids(list)).to.include(J.nurse.id);
  });

  it('leaves the page to the words with another order than relevance', async () => {
    const newest = await search(`${q(ELDERLY_AT_HOME)}&sort=newest&limit=100`);
    expect(newest).to.not.have.property('meaning_fill');
    expect(ids(newest)).to.not.include(J.domiciliaryCarer.id);
  });
});
