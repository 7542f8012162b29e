import { expect } from 'chai';
import { RANKED_DEPTH } from '../../../../shared/schemas/job-search';
import { indexFreshEmbeddedJobs } from '../../../../test/fixtures/embedded-jobs';
import { MEANING_CATALOG, MEANING_JOBS as J } from '../../../../test/fixtures/meaning-jobs';
import { jobIds as ids, jobSearch, qParam as q } from '../../../../test/fixtures/read-client';
import { testConfig, testSearch } from '../../../../test/support/context';
import { readSearchParams } from '../../search/params/params';
import { buildSearchRequest, ROLE_IN_PLACE } from '../../search/query/search-request';
import { KnownWords } from '../../search/relevance/known-words';
import { queryWords } from '../../search/relevance/query-words';
import { ID_ONLY } from '../../search/query/source-fields';
import { runJobSearch } from '../../search/run/run-job-search';
import { searchJobs } from '../../search/run/search-jobs';

// The real model (bge-small-en-v1.5) embeds the fixtures and the queries; the real Elasticsearch ranks them.

const ELDERLY_AT_HOME = 'looking after elderly people in their own homes';
const ACTIVE = MEANING_CATALOG.filter((job) => job.is_active);

describe('GET /agents/jobs/search?mode=hybrid|semantic', function () {
  this.timeout(60_000);
  const search = jobSearch();

  before(async () => {
    await indexFreshEmbeddedJobs(MEANING_CATALOG, [J.companion.id]);
  });

  it('finds by meaning what the words miss: a domiciliary carer for "looking after elderly people in their own homes"', async () => {
    // Keyword search finds it too: it reads the sentence as a description of the work (described-search.test).
    const keyword = await search(q(ELDERLY_AT_HOME));
    expect(ids(keyword)).to.include.members([J.companion.id, J.domiciliaryCarer.id]);
    const hybrid = await search(`${q(ELDERLY_AT_HOME)}&mode=hybrid&limit=3`);
    expect(ids(hybrid)).to.include(J.domiciliaryCarer.id);
    const semantic = await search(`${q(ELDERLY_AT_HOME)}&mode=semantic&limit=1`);
    expect(ids(semantic)).to.deep.equal([J.domiciliaryCarer.id]);
  });

  it('keeps keyword search as it was: mode=keyword answers what no mode answers', async () => {
    for (const text of ['data engineer', 'nurse', ELDERLY_AT_HOME]) {
      expect(await search(`${q(text)}&mode=keyword&facets=all`)).to.deep.equal(await search(`${q(text)}&facets=all`));
    }
  });

  it('finds a job without a vector in hybrid mode through its words, never in semantic mode', async () => {
    const hybrid = await search(`${q(ELDERLY_AT_HOME)}&mode=hybrid`);
    expect(ids(hybrid)).to.include.members([J.companion.id, J.domiciliaryCarer.id]);
    const semantic = await search(`${q(ELDERLY_AT_HOME)}&mode=semantic&limit=100`);
    expect(ids(semantic)).to.not.include(J.companion.id);
  });

  it('fuses a keyword list whose query names a place (its request counts the jobs there in the same round trip)', async () => {
    // The companion has no vector: only the keyword list can bring it.
    expect((await search(q('companion london'))).place).to.deep.include({ words: ['london'] });
    const body = await search(`${q('companion london')}&mode=hybrid&limit=3`);
    expect(body).to.not.have.property('place');
    expect(ids(body)).to.include(J.companion.id);
  });

  it("reads the ids of hybrid's keyword list, fetched without documents, from a request that counts the jobs in a place", async () => {
    const index = testConfig().indexAlias;
    const typos = await new KnownWords(testSearch(), index).typoPolicy(queryWords('nurse leeds').words);
    const params = readSearchParams({ q: 'nurse leeds', limit: 10 });
    // The count rides in the same msearch, whose answers are trimmed: the ids must survive the trim.
    expect(buildSearchRequest(params, typos).aggs).to.have.property(ROLE_IN_PLACE);
    const found = await runJobSearch(testSearch(), index, { ...buildSearchRequest(params, typos), ...ID_ONLY });
    expect(found.hits.map((hit) => hit.doc)).to.deep.equal([{ id: J.nurse.id, created_at: J.nurse.created_at }]);
    const outcome = await searchJobs(testSearch(), index, params, typos, { idsOnly: true });
    expect(outcome.hits.map((hit) => hit.doc.id)).to.include(J.nurse.id);
  });

  it('ranks the active jobs only, every one of them at most once, and counts them as the total', async () => {
    for (const mode of ['hybrid', 'semantic']) {
      const body = await search(`${q('care for people')}&mode=${mode}&limit=100`);
      const found = ids(body);
      expect(new Set(found).size, mode).to.equal(found.length);
      expect(found, mode).to.not.include(J.closedHomeCarer.id);
      expect(body.pagination, mode).to.deep.include({ total_items: found.length, total_relation: 'eq', current_page: 1 });
      expect(found.length, mode).to.be.at.most(RANKED_DEPTH);
    }
    // Every active job with a vector is some distance from any query: semantic ranks them all here.
    const semantic = await search(`${q('care for people')}&mode=semantic&limit=100`);
    expect(ids(semantic)).to.have.members(ACTIVE.filter((job) => job.id !== J.companion.id).map((job) => job.id));
  });

  it('applies the filters before ranking, in both modes', async () => {
    for (const mode of ['hybrid', 'semantic']) {
      const body = await search(`${q(ELDERLY_AT_HOME)}&mode=${mode}&job_types=part_time&location_ids=${J.domiciliaryCarer.location_id}`);
      expect(ids(body), mode).to.have.members([J.domiciliaryCarer.id, J.supportWorker.id]);
      const remote = await search(`${q(ELDERLY_AT_HOME)}&mode=${mode}&remote=true`);
      expect(ids(remote), mode).to.deep.equal([]);
    }
  });

  it('leaves out exclude_ids in every mode', async () => {
    const shown = J.domiciliaryCarer.id.toUpperCase();
    for (const mode of ['keyword', 'hybrid', 'semantic']) {
      const body = await search(`${q('care worker')}&mode=${mode}&limit=100&exclude_ids=${shown},${J.careHomeAssistant.id}`);
      expect(ids(body), mode).to.not.include.members([J.domiciliaryCarer.id, J.careHomeAssistant.id]);
    }
    const more = await search(`${q(ELDERLY_AT_HOME)}&mode=semantic&limit=1&exclude_ids=${J.domiciliaryCarer.id}`);
    expect(ids(more)).to.have.length(1).and.not.include(J.domiciliaryCarer.id);
  });

  it('pages through the ranked jobs with numbered pages and cursors, without repeats', async () => {
    for (const mode of ['hybrid', 'semantic']) {
      const whole = ids(await search(`${q('care for people')}&mode=${mode}&limit=100`));
      const seen: string[] = [];
      let page = await search(`${q('care for people')}&mode=${mode}&limit=4`);
      for (;;) {
        seen.push(...ids(page));
        if (!page.pagination.next_cursor) break;
        page = await search(`${q('care for people')}&mode=${mode}&limit=4&cursor=${page.pagination.next_cursor}`);
      }
      expect(seen, mode).to.deep.equal(whole);
      const second = await search(`${q('care for people')}&mode=${mode}&limit=4&page=2`);
      expect(ids(second), mode).to.deep.equal(whole.slice(4, 8));
      expect(ids(await search(`${q('care for people')}&mode=${mode}&limit=10&page=9`)), mode).to.deep.equal([]);
    }
  });

  it("refuses a cursor of another mode's list", async () => {
    const keyword = await search(`${q('care')}&limit=1`);
    const body = await search(`${q('care')}&limit=1&mode=hybrid&cursor=${keyword.pagination.next_cursor}`, 400);
    expect(body.details).to.deep.equal([{ field: 'cursor', message: 'belongs to a request with other q or filters' }]);
  });

  it('orders the same ranked jobs newest first, or best paid first, with sort', async () => {
    for (const mode of ['hybrid', 'semantic']) {
      const ranked = await search(`${q('care for people')}&mode=${mode}&limit=100&fields=created_at`);
      const newest = await search(`${q('care for people')}&mode=${mode}&limit=100&sort=newest&fields=created_at`);
      expect(ids(newest), mode).to.have.members(ids(ranked));
      const dates = newest.jobs.map((job: { created_at: string }) => job.created_at);
      expect(dates, mode).to.deep.equal([...dates].sort().reverse());
      const firstTwo = await search(`${q('care for people')}&mode=${mode}&limit=2&sort=newest`);
      expect(ids(firstTwo), mode).to.deep.equal(ids(newest).slice(0, 2));
    }
  });

  it('counts the facets over the ranked jobs, under every filter', async () => {
    for (const mode of ['hybrid', 'semantic']) {
      const body = await search(`${q(ELDERLY_AT_HOME)}&mode=${mode}&limit=100&facets=job_types,organization_ids&job_types=part_time`);
      const total = body.pagination.total_items;
      expect(body.facets.job_types, mode).to.deep.equal([{ value: 'part_time', count: total }]);
      const counted = body.facets.organization_ids.reduce((sum: number, value: { count: number }) => sum + value.count, 0);
      expect(counted, mode).to.equal(total);
      expect(body.facets.organization_ids[0], mode).to.deep.include({ label: 'Hearth Care' });
    }
  });

  it('returns only the fields asked for, and a snippet of each description', async () => {
    for (const mode of ['hybrid', 'semantic']) {
      const body = await search(`${q('build data pipelines')}&mode=${mode}&limit=2&fields=title&snippet=60`);
      expect(body.jobs[0], mode).to.have.keys('id', 'title', 'snippet');
      expect(body.jobs[0].id, mode).to.equal(J.dataEngineer.id);
      expect(body.jobs[0].snippet.length, mode).to.be.at.most(60);
      expect(body.jobs[0].snippet, mode).to.contain('pipelines');
    }
  });

  it('answers a query the model cannot read with a 400 that says so, in the modes that embed it', async () => {
    for (const mode of ['hybrid', 'semantic']) {
      expect(await search(`${q('🙂🙂')}&mode=${mode}`, 400), mode).to.deep.equal({
        code: 'invalid_request',
        message:
          'The text has nothing the embedding model can read: it is blank, or only characters the model does not know (such as emoji).',
        hint: 'Send some words: letters or digits.',
        details: [{ field: 'q', message: 'has no words' }],
      });
    }
    expect((await search(`${q('🙂🙂')}&mode=keyword`)).jobs).to.deep.equal([]);
  });

  it('refuses an unknown mode and more exclude_ids than it takes, naming the parameter', async () => {
    const body = await search(`${q('care')}&mode=vector`, 400);
    expect(body.details).to.deep.equal([{ field: 'mode', message: 'must be one of: keyword, hybrid, semantic' }]);
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    const tooMany = await search(`${q('care')}&exclude_ids=${many}`, 400);
    expect(tooMany.details).to.deep.equal([{ field: 'exclude_ids', message: 'must have at most 100 values (got 101)' }]);
    const malformed = await search(`${q('care')}&exclude_ids=nope`, 400);
    expect(malformed.details).to.deep.equal([{ field: 'exclude_ids', message: '"nope" is not a UUID' }]);
  });
});
