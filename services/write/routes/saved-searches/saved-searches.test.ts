import { expect } from 'chai';
import { SavedSearchMatcher } from '../../../matcher';
import { createWriteApp } from '../../index';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../../../test/support/context';
import { createApiKey, createJob, createUser, recordMatch } from '../../../../test/support/factories';
import { httpClient } from '../../../../test/support/http';
import { postJob, readApp, recruiterWorld, UNKNOWN_ID, type RecruiterWorld } from '../../../../test/support/manage-fixtures';

/** The write service with a small limit, so the limit can be reached. */
const LIMIT = 4;
const app = () =>
  httpClient(
    createWriteApp({ config: testConfig({ savedSearchLimit: LIMIT }), db: testDb(), search: testSearch(), logger: testLogger }).app,
  );

const PATH = '/agents/saved-searches';
const save = (key: string | undefined, body: unknown) => {
  const req = app().post(PATH);
  return key ? req.set('x-api-key', key).send(body as object) : req.send(body as object);
};
const list = (key: string, query: Record<string, string | number> = {}) => app().get(PATH).set('x-api-key', key).query(query);
const get = (key: string, id: string) => app().get(`${PATH}/${id}`).set('x-api-key', key);
const remove = (key: string, id: string) => app().delete(`${PATH}/${id}`).set('x-api-key', key);
const matches = (key: string, id: string, query: Record<string, string | number> = {}) =>
  app().get(`${PATH}/${id}/matches`).set('x-api-key', key).query(query);

/** A user with a key and nothing saved. */
async function newKey(): Promise<string> {
  return (await createApiKey((await createUser()).id)).key;
}

type MatchItem = { matched_at: string; job: { id: string; is_active: boolean; title: string } };
const jobIds = (body: { matches: MatchItem[] }) => body.matches.map((m) => m.job.id);

describe('saved searches', () => {
  let world: RecruiterWorld;
  let key: string;

  before(async () => {
    await resetDatabase();
    await resetIndex();
    world = await recruiterWorld();
  });

  beforeEach(async () => {
    key = await newKey();
  });

  describe('POST /agents/saved-searches', () => {
    it('saves a search: 201 with Location, the parameters as sent, no new matches yet, and where to read them', async () => {
      const params = { q: ' data engineer ', job_types: 'full_time,contract', location_ids: world.london.id, mode: 'hybrid' };
      const res = await save(key, { name: '  Data in London ', params });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const { id, created_at, ...rest } = res.body;
      expect(rest).to.deep.equal({
        name: 'Data in London',
        params: { ...params, q: 'data engineer' },
        new_matches: 0,
        matches_url: `${testConfig().baseUrl}${PATH}/${id}/matches`,
      });
      expect(Date.parse(created_at)).to.be.closeTo(Date.now(), 60_000);
      expect(res.headers.location).to.equal(`${testConfig().baseUrl}${PATH}/${id}`);
    });

    it('keeps no name when none (or a blank one) is given, and takes every filter of the search', async () => {
      const params = {
        q: 'nurse',
        organization_ids: world.acme.id,
        experiences: 'senior',
        skills: 'triage,icu',
        workplace_types: 'remote,hybrid',
        remote: 'true',
        salary_min: 30000,
        currency: 'GBP',
        mode: 'keyword',
      };
      const res = await save(key, { name: '   ', params });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body).to.not.have.property('name');
      expect(res.body.params).to.deep.equal(params);
    });

    it('answers the saved search already kept (200) when the same name and parameters are saved again', async () => {
      const body = { name: 'Porters', params: { q: 'porter' } };
      const first = await save(key, body).expect(201);
      const again = await save(key, body);
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal(first.body);
      expect(again.headers.location).to.equal(first.headers.location);
      // Another name is another saved search.
      expect((await save(key, { ...body, name: 'Porters 2' })).status).to.equal(201);
      expect((await list(key)).body.pagination.total_items).to.equal(2);
    });

    it('401 without a key or with an unknown one', async () => {
      const res = await save(undefined, { params: { q: 'nurse' } });
      expect(res.status).to.equal(401);
      expect(res.body.code).to.equal('unauthenticated');
      expect((await save('jla_' + 'x'.repeat(40), { params: { q: 'nurse' } })).status).to.equal(401);
    });

    it('400 with a hint for parameters the search would refuse, naming each as a body field', async () => {
      const cases: [unknown, string, RegExp][] = [
        [{ params: { q: '   ' } }, 'params.q', /empty|blank/],
        [{ params: { q: 'x'.repeat(201) } }, 'params.q', /at most 200/],
        [{ params: { q: 'nurse', job_types: 'full_time,gig' } }, 'params.job_types', /"gig" is not a job type/],
        [{ params: { q: 'nurse', workplace_types: 'moon' } }, 'params.workplace_types', /not a workplace type/],
        [{ params: { q: 'nurse', location_ids: 'leeds' } }, 'params.location_ids', /not a UUID/],
        [{ params: { q: 'nurse', salary_min: 30000 } }, 'params.salary_min', /needs currency/],
        [{ params: { q: 'nurse', mode: 'fuzzy' } }, 'params.mode', /must be one of/],
        [{ params: { q: '🙂', mode: 'semantic' } }, 'params.q', /embedding model/],
        [{ params: { q: 'nurse', sort: 'newest' } }, 'params.sort', /not a known field/],
        [{ params: { q: 'nurse', page: 2 } }, 'params.page', /not a known field/],
        [{ params: { q: 'nurse', job_types: ['full_time'] } }, 'params.job_types', /must be a string/],
        [{ params: { job_types: 'full_time' } }, 'params.q', /required/],
        [{ name: 'no params' }, 'params', /required/],
        [{ params: { q: 'nurse' }, alert: true }, 'alert', /not a known field/],
        [{ name: 'x'.repeat(201), params: { q: 'nurse' } }, 'name', /at most 200/],
        [{ name: 'a\u0000b', params: { q: 'nurse' } }, 'name', /U\+0000/],
        [{ params: { q: 'nurse\u0000' } }, 'params.q', /U\+0000/],
      ];
      for (const [body, field, message] of cases) {
        const res = await save(key, body);
        const said = JSON.stringify(res.body);
        expect(res.status, said).to.equal(400);
        expect(res.body.code, said).to.equal('invalid_request');
        expect(res.body.hint, said).to.be.a('string').and.not.equal('');
        const detail = (res.body.details as { field: string; message: string }[]).find((d) => d.field === field);
        expect(detail, `${JSON.stringify(body)} -> ${said}`).to.not.equal(undefined);
        expect(detail!.message, said).to.match(message);
      }
      expect((await list(key)).body.pagination.total_items).to.equal(0);
    });

    it(`refuses a saved search past the limit (${LIMIT}) with 409 limit_reached, and takes one again after a delete`, async () => {
      const ids: string[] = [];
      for (let i = 0; i < LIMIT; i++) ids.push((await save(key, { params: { q: `role ${i}` } }).expect(201)).body.id);
      const res = await save(key, { params: { q: 'one more' } });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.include({ code: 'limit_reached' });
      expect(res.body.details).to.deep.equal([{ field: 'limit', message: `at most ${LIMIT} saved searches per user`, limit: LIMIT }]);
      expect(res.body.hint).to.include('GET /agents/saved-searches');
      // The same search saved again is no new one, so the limit does not stop it.
      expect((await save(key, { params: { q: 'role 0' } })).status).to.equal(200);
      // Another user has a limit of their own.
      expect((await save(await newKey(), { params: { q: 'one more' } })).status).to.equal(201);
      await remove(key, ids[0]).expect(204);
      expect((await save(key, { params: { q: 'one more' } })).status).to.equal(201);
    });

    it('never lets concurrent saves pass the limit', async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => save(key, { params: { q: `concurrent ${i}` } })));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).to.have.length(LIMIT);
      expect(statuses.filter((s) => s === 409)).to.have.length(12 - LIMIT);
      expect((await list(key)).body.pagination.total_items).to.equal(LIMIT);
    });
  });

  describe('GET /agents/saved-searches and /{id}, DELETE /{id}', () => {
    it("lists the caller's saved searches newest first, in numbered pages, and none of another user's", async () => {
      const ids: string[] = [];
      for (const q of ['first', 'second', 'third']) ids.push((await save(key, { params: { q } }).expect(201)).body.id);
      await save(await newKey(), { params: { q: 'not yours' } }).expect(201);
      const all = await list(key);
      expect(all.status).to.equal(200);
      expect(all.body.saved_searches.map((s: { id: string }) => s.id)).to.deep.equal([...ids].reverse());
      expect(all.body.pagination).to.deep.equal({ current_page: 1, total_pages: 1, total_items: 3 });
      const second = await list(key, { page: 2, limit: 2 });
      expect(second.body.saved_searches.map((s: { id: string }) => s.id)).to.deep.equal([ids[0]]);
      expect(second.body.pagination).to.deep.equal({ current_page: 2, total_pages: 2, total_items: 3 });
      expect((await list(key, { limit: 0 })).status).to.equal(400);
      expect((await list(key, { sort: 'name' })).status).to.equal(400);
      expect((await list(key, { page: '99999999999999999999' })).status).to.equal(400);
      expect((await app().get(PATH)).status).to.equal(401);
      expect((await list(await newKey())).body).to.deep.equal({
        saved_searches: [],
        pagination: { current_page: 1, total_pages: 0, total_items: 0 },
      });
    });

    it('gets one saved search as it was answered when saved, id in any case', async () => {
      const saved = (await save(key, { name: 'Clerks', params: { q: 'ward clerk' } }).expect(201)).body;
      expect((await get(key, saved.id)).body).to.deep.equal(saved);
      expect((await get(key, saved.id.toUpperCase())).body).to.deep.equal(saved);
    });

    it("answers 404 not_found for another user's, an unknown and a malformed id, on get, delete and matches", async () => {
      const theirs = (await save(await newKey(), { params: { q: 'theirs' } }).expect(201)).body.id;
      for (const id of [theirs, UNKNOWN_ID, 'not-a-uuid', '123']) {
        for (const res of [await get(key, id), await remove(key, id), await matches(key, id)]) {
          expect(res.status, `${id}: ${JSON.stringify(res.body)}`).to.equal(404);
          expect(res.body.code).to.equal('not_found');
          expect(res.body.message).to.equal(`No saved search with id "${id}" among yours.`);
          expect(res.body.hint).to.include('GET /agents/saved-searches');
        }
      }
    });

    it('deletes (204, no body), then answers 404; the owner alone can delete', async () => {
      const id = (await save(key, { params: { q: 'to delete' } }).expect(201)).body.id;
      const other = await newKey();
      expect((await remove(other, id)).status).to.equal(404);
      const res = await remove(key, id);
      expect(res.status).to.equal(204);
      expect(res.text).to.equal('');
      expect((await get(key, id)).status).to.equal(404);
      expect((await remove(key, id)).status).to.equal(404);
      expect((await app().delete(`${PATH}/${id}`)).status).to.equal(401);
    });
  });

  describe('GET /agents/saved-searches/{id}/matches', () => {
    let searchId: string;
    const jobs: string[] = [];

    /** N jobs of Acme in London, inserted directly (matches need only the rows). */
    async function newJobs(n: number, title = 'Data Engineer'): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await createJob({ title, organization_id: world.acme.id, location_id: world.london.id })).id);
      jobs.push(...ids);
      return ids;
    }

    beforeEach(async () => {
      searchId = (await save(key, { params: { q: 'data engineer' } }).expect(201)).body.id;
    });

    it('gives each match once, oldest first; a later match comes with the next poll; new_matches counts the unread', async () => {
      const [a, b, c] = await newJobs(3);
      for (const job of [a, b, c]) await recordMatch(searchId, job);
      expect((await get(key, searchId)).body.new_matches).to.equal(3);
      const first = await matches(key, searchId);
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.headers['cache-control']).to.equal('no-store');
      expect(jobIds(first.body)).to.deep.equal([a, b, c]);
      expect(first.body.has_more).to.equal(false);
      for (const m of first.body.matches as MatchItem[]) expect(Date.parse(m.matched_at)).to.be.closeTo(Date.now(), 60_000);
      expect((await get(key, searchId)).body.new_matches).to.equal(0);
      const empty = await matches(key, searchId);
      expect(empty.body).to.deep.equal({ matches: [], next_cursor: first.body.next_cursor, has_more: false });
      const [d] = await newJobs(1);
      await recordMatch(searchId, d);
      expect((await list(key)).body.saved_searches[0]).to.include({ id: searchId, new_matches: 1 });
      expect(jobIds((await matches(key, searchId)).body)).to.deep.equal([d]);
      expect(jobIds((await matches(key, searchId)).body)).to.deep.equal([]);
    });

    it('pages by limit with has_more, from the read position or from a cursor', async () => {
      const five = await newJobs(5);
      for (const job of five) await recordMatch(searchId, job);
      const p1 = await matches(key, searchId, { limit: 2 });
      expect(jobIds(p1.body)).to.deep.equal(five.slice(0, 2));
      expect(p1.body.has_more).to.equal(true);
      const p2 = await matches(key, searchId, { limit: 2 });
      expect(jobIds(p2.body)).to.deep.equal(five.slice(2, 4));
      expect(p2.body.has_more).to.equal(true);
      // Following the cursor of the first page reads the second again: the read position does not move back.
      const again = await matches(key, searchId, { limit: 2, cursor: p1.body.next_cursor });
      expect(again.body).to.deep.equal(p2.body);
      const p3 = await matches(key, searchId, { limit: 2, cursor: p2.body.next_cursor });
      expect(jobIds(p3.body)).to.deep.equal(five.slice(4));
      expect(p3.body.has_more).to.equal(false);
      expect(jobIds((await matches(key, searchId)).body)).to.deep.equal([]);
    });

    it('orders matches by their number past ten, not as text (9 before 10)', async () => {
      const twelve = await newJobs(12);
      for (const job of twelve) await recordMatch(searchId, job);
      expect(jobIds((await matches(key, searchId, { limit: 8 })).body)).to.deep.equal(twelve.slice(0, 8));
      expect(jobIds((await matches(key, searchId, { limit: 3 })).body)).to.deep.equal(twelve.slice(8, 11));
      expect(jobIds((await matches(key, searchId, { limit: 3 })).body)).to.deep.equal(twelve.slice(11));
    });

    it('re-reads from a kept cursor after a lost answer, and a cursor moves the read position forward', async () => {
      const [a, b] = await newJobs(2);
      const start = (await matches(key, searchId)).body.next_cursor;
      await recordMatch(searchId, a);
      await recordMatch(searchId, b);
      // The answer is "lost": the agent asks again with the cursor it kept.
      expect(jobIds((await matches(key, searchId)).body)).to.deep.equal([a, b]);
      const reread = await matches(key, searchId, { cursor: start });
      expect(jobIds(reread.body)).to.deep.equal([a, b]);
      expect(jobIds((await matches(key, searchId, { cursor: start })).body)).to.deep.equal([a, b]);
      // An agent reading by cursor alone also moves the read position.
      const other = (await save(key, { params: { q: 'other' } }).expect(201)).body.id;
      const otherStart = (await matches(key, other)).body.next_cursor;
      await recordMatch(other, a);
      expect(jobIds((await matches(key, other, { cursor: otherStart })).body)).to.deep.equal([a]);
      expect((await get(key, other)).body.new_matches).to.equal(0);
      expect(jobIds((await matches(key, other)).body)).to.deep.equal([]);
    });

    it('shows each job as GET /agents/jobs/{id} does, and a job closed since it matched with is_active false', async () => {
      const posted = await postJob(world, { title: 'Data Engineer', skills: ['Python'] });
      const [closed] = await newJobs(1);
      await recordMatch(searchId, posted.id);
      await recordMatch(searchId, closed);
      await testDb().query(`UPDATE jobs SET is_active = false, version = version + 1 WHERE id = $1`, [closed]);
      const res = await matches(key, searchId);
      const [first, second] = res.body.matches as MatchItem[];
      expect(first.job).to.deep.equal((await readApp().get(`/agents/jobs/${posted.id}`).expect(200)).body);
      expect(second.job).to.include({ id: closed, is_active: false });
      expect(first.job).to.not.have.property('created_by');
      expect(first.job).to.not.have.property('generate_screening');
    });

    it('gives each match exactly once to concurrent pollers, and misses none found while they poll', async () => {
      const many = await newJobs(40, 'Analytics Engineer');
      const seen: string[] = [];
      let recording = true;
      const poller = async () => {
        while (recording) {
          seen.push(...jobIds((await matches(key, searchId, { limit: 3 })).body));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      const recorder = async () => {
        for (const job of many) await recordMatch(searchId, job);
        recording = false;
      };
      await Promise.all([poller(), poller(), poller(), recorder()]);
      let page = await matches(key, searchId, { limit: 100 });
      seen.push(...jobIds(page.body));
      while (page.body.has_more) {
        page = await matches(key, searchId, { limit: 100 });
        seen.push(...jobIds(page.body));
      }
      expect(seen).to.have.length(many.length);
      expect([...seen].sort()).to.deep.equal([...many].sort());
    });

    it('400 with a hint for a cursor it did not give for this saved search, and for a bad limit', async () => {
      const other = (await save(key, { params: { q: 'other' } }).expect(201)).body.id;
      const othersCursor = (await matches(key, other)).body.next_cursor;
      const ahead = Buffer.from(JSON.stringify({ s: searchId, n: '999' })).toString('base64url');
      const cases: [Record<string, string | number>, RegExp][] = [
        [{ cursor: 'garbage' }, /not made by this API/],
        [{ cursor: '%%%' }, /not made by this API/],
        [{ cursor: othersCursor }, /another saved search/],
        [{ cursor: ahead }, /past the matches/],
      ];
      for (const [query, message] of cases) {
        const res = await matches(key, searchId, query);
        expect(res.status, JSON.stringify(res.body)).to.equal(400);
        expect(res.body.code).to.equal('invalid_request');
        expect(res.body.details[0]).to.include({ field: 'cursor' });
        expect(res.body.details[0].message).to.match(message);
        expect(res.body.hint).to.include('next_cursor');
      }
      const badQueries: Record<string, string | number>[] = [{ limit: 0 }, { limit: 101 }, { limit: 'ten' }, { cursor: '' }, { since: 3 }];
      for (const query of badQueries) {
        const res = await matches(key, searchId, query);
        expect(res.status, JSON.stringify(query)).to.equal(400);
        expect(res.body.code).to.equal('invalid_request');
      }
      expect((await app().get(`${PATH}/${searchId}/matches`)).status).to.equal(401);
    });

    it('drops the matches of a deleted saved search', async () => {
      const [a] = await newJobs(1);
      await recordMatch(searchId, a);
      await remove(key, searchId).expect(204);
      const [{ count }] = await testDb().query<{ count: number }>(
        `SELECT count(*)::int AS count FROM saved_search_matches WHERE saved_search_id = $1`,
        [searchId],
      );
      expect(count).to.equal(0);
    });
  });
});

describe('saved searches with the matcher', function () {
  this.timeout(30_000);

  it('reads the matches the matcher records for jobs posted after the search was saved, each once', async () => {
    await resetDatabase();
    await resetIndex();
    const world = await recruiterWorld();
    const key = world.keys.applicant;
    const before = await postJob(world, { title: 'Data Engineer' });
    const id = (await save(key, { params: { q: 'data engineer' } }).expect(201)).body.id;
    const matcher = new SavedSearchMatcher(
      { db: testDb(), search: testSearch(), index: testConfig().indexAlias, logger: testLogger },
      { batchSize: 100, pollMs: 20 },
    );
    const drain = async () => {
      while ((await matcher.pass()).claimed > 0);
    };
    await drain();
    expect((await matches(key, id)).body.matches, 'a job posted before the search was saved').to.deep.equal([]);
    const first = await postJob(world, { title: 'Senior Data Engineer' });
    await postJob(world, { title: 'Staff Nurse' });
    const second = await postJob(world, { title: 'Data Engineer', skills: ['Spark'] });
    await drain();
    expect((await get(key, id)).body.new_matches).to.equal(2);
    const read = await matches(key, id);
    expect(jobIds(read.body)).to.deep.equal([first.id, second.id]);
    expect(read.body.matches[0].job).to.deep.equal((await readApp().get(`/agents/jobs/${first.id}`).expect(200)).body);
    // An edit of a job that matched already is no new match; an edit that makes an old job match is one.
    await app()
      .patch(`/agents/jobs/${first.id}`)
      .set('x-api-key', world.keys.recruiter)
      .set('content-type', 'application/merge-patch+json')
      .send({ description: 'Pipelines in Spark.' })
      .expect(200);
    await drain();
    expect(jobIds((await matches(key, id)).body)).to.deep.equal([]);
    await app()
      .patch(`/agents/jobs/${before.id}`)
      .set('x-api-key', world.keys.recruiter)
      .set('content-type', 'application/merge-patch+json')
      .send({ description: 'Pipelines in Python.' })
      .expect(200);
    await drain();
    expect(jobIds((await matches(key, id)).body)).to.deep.equal([before.id]);
  });
});
