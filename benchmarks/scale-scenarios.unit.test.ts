import type { Client } from '@elastic/elasticsearch';
import { expect } from 'chai';
import { inactiveJobs, NEWEST_FIRST, numCandidates } from '../services/read';
import { buildScenarios, chosenScenarios, MEANING_QUERIES, mixKindAt, type ScenarioName } from './scale-scenarios';

const LOCATION = '6f1c2a4e-1b7d-4c1e-9a55-3c2b1d0e9f11';

/** A client that records what would be sent and answers an empty page. */
function recordingClient() {
  const sent: Record<string, unknown>[] = [];
  const client = {
    search: (request: Record<string, unknown>) => {
      sent.push(request);
      return Promise.resolve({ hits: { hits: [] } });
    },
    get: (request: Record<string, unknown>) => {
      sent.push(request);
      return Promise.resolve({ _id: request.id });
    },
    // Stays: a stand-in for the two methods buildScenarios calls; Client's overloaded generic methods cannot be implemented by a fake.
  } as unknown as Client;
  return { client, sent };
}

function scenarios(client: Client) {
  const built = buildScenarios({
    search: client,
    alias: 'jla_bench_scale_jobs',
    ids: ['a', 'b', 'c'],
    locations: [LOCATION],
    cursors: [],
    typos: () => false,
    queryVectors: new Map(),
    jobVectors: new Map(),
  });
  return (name: ScenarioName) => built.scenarios.find((s) => s.name === name)!;
}

describe('scale benchmark scenarios', () => {
  it('mixes 6 searches, 2 browses and 2 gets in every 10 requests, the same for the same index', () => {
    for (const start of [0, 3, 10, 997]) {
      const kinds = Array.from({ length: 10 }, (_, k) => mixKindAt(start + k));
      expect(kinds.filter((k) => k === 'search')).to.have.length(6);
      expect(kinds.filter((k) => k === 'browse')).to.have.length(2);
      expect(kinds.filter((k) => k === 'get')).to.have.length(2);
    }
    expect(mixKindAt(13)).to.equal(mixKindAt(3));
  });

  it('sends the bare search as a multi_match on title^3 and description, 10 hits, no total; filters as plain filters', async () => {
    const { client, sent } = recordingClient();
    const at = scenarios(client);
    const plain = at('search, 1 common word').requestAt(0);
    expect(plain.path).to.equal('/agents/jobs/search?q=engineer&limit=10');
    await plain.bare();
    expect(sent[0]).to.deep.equal({
      index: 'jla_bench_scale_jobs',
      query: { multi_match: { query: 'engineer', fields: ['title^3', 'description'] } },
      size: 10,
      track_total_hits: false,
      filter_path: 'hits.hits._source',
    });
    await at('search + 3 filters').requestAt(0).bare();
    expect(sent[1].query).to.deep.equal({
      bool: {
        must: { multi_match: { query: 'engineer', fields: ['title^3', 'description'] } },
        filter: [
          { terms: { type: ['full_time', 'contract'] } },
          { terms: { 'experience.lower': ['senior', 'lead'] } },
          { terms: { 'skills.lower': ['python', 'sql', 'aws'] } },
        ],
      },
    });
  });

  it('sends the bare browse as the active filter and the filters given, newest first, 20 hits, no total', async () => {
    const { client, sent } = recordingClient();
    const request = scenarios(client)('browse + 2 filters').requestAt(0);
    expect(request.path).to.equal(`/agents/jobs?location_id=${LOCATION}&experience=senior&limit=20`);
    await request.bare();
    expect(sent[0]).to.deep.equal({
      index: 'jla_bench_scale_jobs',
      query: {
        bool: { filter: [{ term: { location_id: LOCATION } }, { term: { 'experience.lower': 'senior' } }], must_not: inactiveJobs() },
      },
      sort: NEWEST_FIRST,
      size: 20,
      track_total_hits: false,
      filter_path: 'hits.hits._source',
    });
  });

  it('gets the document with nothing else as the bare get, striding through the ids', async () => {
    const { client, sent } = recordingClient();
    const get = scenarios(client)('get by id');
    expect([0, 1, 2].map((i) => get.requestAt(i).path)).to.deep.equal(['/agents/jobs/a', '/agents/jobs/c', '/agents/jobs/b']);
    expect(await get.requestAt(0).bare()).to.deep.equal(['a']);
    expect(sent[0]).to.deep.equal({ index: 'jla_bench_scale_jobs', id: 'a' });
  });

  it('issue 30: hybrid against the bare keyword search (the cold one on the uncached service), semantic and similar jobs against a bare kNN request', async () => {
    const { client, sent } = recordingClient();
    const vector = new Float32Array([0.6, 0.8, 0]);
    const built = buildScenarios({
      search: client,
      alias: 'jla_bench_scale_jobs',
      ids: ['a', 'b'],
      locations: [LOCATION],
      cursors: [],
      typos: () => false,
      queryVectors: new Map(MEANING_QUERIES.map((q) => [q, vector])),
      jobVectors: new Map([['a', vector]]),
    });
    const at = (name: ScenarioName) => built.scenarios.find((s) => s.name === name)!;
    const cached = at('hybrid search, cached embedding');
    expect(cached.requestAt(0).path).to.equal('/agents/jobs/search?q=senior+backend+engineer+python&mode=hybrid&limit=10');
    expect(cached.uncached).to.equal(undefined);
    expect(at('hybrid search, cold embedding').uncached).to.equal(true);
    await cached.requestAt(0).bare();
    expect(sent[0].query).to.deep.equal({ multi_match: { query: 'senior backend engineer python', fields: ['title^3', 'description'] } });
    expect(at('semantic search').requestAt(0).path).to.equal('/agents/jobs/search?q=senior+backend+engineer+python&mode=semantic&limit=10');
    const similar = at('similar jobs').requestAt(0);
    expect(similar.path).to.equal('/agents/jobs/a/similar');
    await similar.bare();
    expect(sent[1]).to.deep.equal({
      index: 'jla_bench_scale_jobs',
      query: { knn: { field: 'embedding', query_vector: [0.6, 0.8, 0], k: 10, num_candidates: numCandidates(10) } },
      size: 10,
      filter_path: 'hits.hits._source',
    });
  });

  it('leaves out the cursor scenario when the read service gave no cursor to follow', () => {
    const { client } = recordingClient();
    const built = buildScenarios({
      search: client,
      alias: 'a',
      ids: ['a'],
      locations: [LOCATION],
      cursors: [],
      typos: () => false,
      queryVectors: new Map(),
      jobVectors: new Map(),
    });
    expect(built.skipped).to.deep.include({ name: 'similar jobs', reason: 'the world has no vectors' });
    expect(built.skipped).to.deep.include({
      name: 'browse, cursor near 100 000',
      reason: 'the read service gave no pagination.next_cursor to follow',
    });
    expect(built.scenarios.map((s) => s.name)).to.include.members([
      'search, 1 common word',
      'browse, page 1',
      'get by id',
      'mixed agent load',
    ]);
  });

  describe('--scenario', () => {
    const all = [{ name: 'search, 1 common word' }, { name: 'search, 3-4 words' }, { name: 'get by id' }];

    it('keeps every scenario when none is named', () => {
      expect(chosenScenarios(all, [])).to.deep.equal(all);
    });

    it('picks scenarios by a part of their name, in their own order', () => {
      expect(chosenScenarios(all, ['get', '3-4']).map((s) => s.name)).to.deep.equal(['search, 3-4 words', 'get by id']);
    });

    it('refuses a part that fits no scenario or several', () => {
      expect(() => chosenScenarios(all, ['browse'])).to.throw(/fits no scenario/);
      expect(() => chosenScenarios(all, ['search'])).to.throw(/fits 2 scenarios/);
    });
  });
});
