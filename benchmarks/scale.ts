/**
 * Scale: the read API over an index of --jobs generated jobs (the issue's figure is 1 000 000),
 * built through the product's own import path (./scale-world; --reuse measures a kept one). The
 * read service runs as its own process (./lib/read-service-process), so its peak RSS is its own
 * and it shares no event loop with the load. Ten scenarios (./scale-scenarios) are measured one
 * at a time and 16 at a time (./scale-measure) against the product's own Elasticsearch request
 * sent directly and the cheapest request that answers the same need, all in this run; the
 * report checks the issue's done-when targets (./scale-report).
 *
 * Issue 30's scenarios (hybrid and semantic search, similar jobs) need vectors: every job is given
 * its vector first (./relevance-vectors, kept in .cache/scale-vectors.bin by text, so a rebuilt
 * world embeds only new texts), and hybrid with a cold query embedding is sent to a second read
 * service whose query cache is off.
 */
import path from 'node:path';
import { createSearchClient } from '../shared/search/client';
import type { BenchOptions } from './lib/args';
import { jsonAt, TimedClient } from './lib/http';
import type { Comparison } from './lib/report';
import { startPassThroughHop, startReadServiceProcess, type ReadServiceProcess } from './lib/read-service-process';
import { CONCURRENCY, checkScenario, measureScenario } from './scale-measure';
import { formatScaleReport, scaleComparisons, scaleJson, type ScaleRun, type ScenarioResult } from './scale-report';
import { KnownWords, loadQueryEmbedder } from '../services/read';
import { embedWorld } from './relevance-vectors';
import { buildScenarios, chosenScenarios, MEANING_QUERIES, SCENARIO_NAMES, SEARCH_WORDS, type ScenarioName } from './scale-scenarios';
import { openScaleWorld, waitMergesDone, type ScaleWorld } from './scale-world';
import type { BenchWorld } from './bench-database';

/** Where the cursor scenario's pages start, when the index is big enough. */
const CURSOR_OFFSET = 100_000;
const CURSOR_PAGE = 100;
/** Cursors kept from the end of the walk, so the scenario varies its page a little. */
const CURSORS_KEPT = 5;
/** How many ids the get scenario draws from. */
const GET_IDS = 1000;
/** The scenarios of issue 30, which need every job's vector. */
const VECTOR_SCENARIOS: readonly ScenarioName[] = [
  'hybrid search, cached embedding',
  'hybrid search, cold embedding',
  'semantic search',
  'similar jobs',
];
const SCALE_VECTOR_CACHE = path.resolve(__dirname, '../.cache/scale-vectors.bin');

/** What scale gives run.ts: its rows of the main table, its `scale` JSON object and its own table. */
export interface ScaleOutcome {
  comparisons: Comparison[];
  json: ReturnType<typeof scaleJson>;
  text: string;
}

/**
 * Follows pagination.next_cursor from browse page 1 over HTTP, pages of 100, to about result
 * 100 000 (half the index when it is smaller); keeps the cursors of the last few pages up to
 * there. Undefined when the read service gives no cursor.
 */
async function walkCursors(client: TimedClient, base: string, jobs: number, log: (message: string) => void) {
  const target = Math.min(CURSOR_OFFSET, Math.floor(jobs / 2 / CURSOR_PAGE) * CURSOR_PAGE);
  const cursors: string[] = [];
  let path = `/agents/jobs?limit=${CURSOR_PAGE}`;
  for (let offset = CURSOR_PAGE; offset <= target; offset += CURSOR_PAGE) {
    const res = await client.request(`${base}${path}`);
    if (res.status !== 200)
      throw new Error(
        `following the cursor at result ${offset}: GET ${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
      );
    const next = jsonAt(res.body, 'pagination', 'next_cursor');
    if (typeof next !== 'string' || !next) return undefined;
    cursors.push(next);
    cursors.splice(0, Math.max(0, cursors.length - CURSORS_KEPT));
    path = `/agents/jobs?${new URLSearchParams({ cursor: next, limit: String(CURSOR_PAGE) }).toString()}`;
    if (offset % 20_000 === 0) log(`scale: cursor walk at result ${offset} of ${target}`);
  }
  return cursors.length > 0 ? { cursors, offset: target } : undefined;
}

/** The locations with the most jobs: the filter values agents would pick most. */
async function topLocations(built: ScaleWorld): Promise<string[]> {
  const response = await built.world.search.search({
    index: built.world.config.indexAlias,
    size: 0,
    aggs: { top: { terms: { field: 'location_id', size: 5 } } },
  });
  return ((response.aggregations?.top as { buckets: { key: string }[] }).buckets ?? []).map((b) => b.key);
}

/** The world's jobs given their vectors; the vectors of the agent queries and of the jobs of `ids`, for the direct and bare requests. */
async function prepareVectors(world: BenchWorld, ids: readonly string[], log: (message: string) => void) {
  const given = await embedWorld(world, log, { cacheFile: SCALE_VECTOR_CACHE, merge: false, label: 'scale' });
  if (given.written > 0) {
    log(
      `scale: ${given.written} jobs given their vectors (${given.embedded} texts embedded${given.docsPerSecond ? `, ${given.docsPerSecond} docs/s` : ''})`,
    );
    await waitMergesDone(world, log);
  }
  const model = await loadQueryEmbedder(world.config);
  let queryVectors: Map<string, Float32Array>;
  try {
    queryVectors = new Map((await model.embedder.embedQueries(MEANING_QUERIES)).map((vector, i) => [MEANING_QUERIES[i], vector]));
  } finally {
    await model.close();
  }
  const stored = await world.search.search<{ id: string; embedding?: number[] }>({
    index: world.config.indexAlias,
    query: { ids: { values: [...ids] } },
    size: ids.length,
    _source: { includes: ['id', 'embedding'], exclude_vectors: false },
  });
  const jobVectors = new Map(
    stored.hits.hits.flatMap((hit) =>
      Array.isArray(hit._source?.embedding) ? [[hit._source.id, Float32Array.from(hit._source.embedding)] as const] : [],
    ),
  );
  return { queryVectors, jobVectors };
}

/** Runs the benchmark; see the file comment. */
export async function scale(options: BenchOptions, log: (message: string) => void): Promise<ScaleOutcome> {
  // Checked before the world is built: a misspelt --scenario should not cost the build.
  const wanted = new Set<string>(
    chosenScenarios(
      SCENARIO_NAMES.map((name) => ({ name })),
      options.scenarios,
    ).map((s) => s.name),
  );
  const built = await openScaleWorld(options, log);
  const { world } = built;
  // The request path's client, as the read service makes it: its timeout, no retries.
  const search = createSearchClient(world.config);
  const client = new TimedClient({ maxSockets: CONCURRENCY });
  let service: ReadServiceProcess | undefined;
  let uncached: ReadServiceProcess | undefined;
  let hop: ReadServiceProcess | undefined;
  try {
    const ids = (await world.db.query<{ id: string }>('SELECT id FROM jobs ORDER BY id LIMIT $1', [GET_IDS])).map((r) => r.id);
    const vectors = VECTOR_SCENARIOS.some((name) => wanted.has(name))
      ? await prepareVectors(world, ids, log)
      : { queryVectors: new Map<string, Float32Array>(), jobVectors: new Map<string, Float32Array>() };
    service = await startReadServiceProcess(world.config);
    log(`scale: read service running as pid ${service.pid} at ${service.base} (RSS ${service.rssMb()?.toFixed(0) ?? '?'} MB)`);
    if (wanted.has('hybrid search, cold embedding')) {
      uncached = await startReadServiceProcess(world.config, { EMBEDDING_QUERY_CACHE_SIZE: '0' });
      log(`scale: a second read service, its query cache off, running as pid ${uncached.pid} at ${uncached.base}`);
    }
    // The get target is read against the floor of any Node hop, measured in the same run.
    if (wanted.has('get by id')) hop = await startPassThroughHop(world.config);

    const walked = wanted.has('browse, cursor near 100 000') ? await walkCursors(client, service.base, options.jobs, log) : undefined;
    if (walked) log(`scale: cursors of the pages up to result ${walked.offset} found`);
    // The read service decides per word whether it gets typo tolerance; the direct requests decide alike.
    const typos = await new KnownWords(search, world.config.indexAlias).typoPolicy(SEARCH_WORDS);
    const { scenarios: allScenarios, skipped: allSkipped } = buildScenarios({
      search,
      alias: world.config.indexAlias,
      ids,
      locations: await topLocations(built),
      cursors: walked?.cursors ?? [],
      typos,
      ...vectors,
    });
    const skipped = allSkipped.filter((s) => wanted.has(s.name));
    for (const s of skipped) log(`scale: skipping "${s.name}": ${s.reason}`);
    const scenarios = allScenarios.filter((s) => wanted.has(s.name));

    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      const target = scenario.uncached && uncached ? uncached : service;
      await checkScenario(scenario, client, target.base);
      const result = await measureScenario(
        scenario,
        client,
        target.base,
        options.requests,
        scenario.name === 'get by id' ? hop?.base : undefined,
      );
      results.push({ ...result, rssMbAfter: target.rssMb() });
      const p = result.product;
      log(
        `scale: ${scenario.name}: p50 ${p.p50.toFixed(1)} ms (bare ${result.bare.p50.toFixed(1)}), ${Math.round(p.rps)} req/s at ${CONCURRENCY} ` +
          `(direct ${Math.round(result.direct.rps)}), ${p.failures} failed; read service RSS ${service.rssMb()?.toFixed(0) ?? '?'} MB`,
      );
      if (p.firstError) log(`scale: ${scenario.name}: first failure: ${p.firstError}`);
    }
    const run: ScaleRun = {
      jobs: options.jobs,
      reused: built.reused,
      build: built.build,
      indexSizeMb: built.indexSizeMb,
      segments: built.segments,
      peakRssMb: Math.max(service.peakRssMb() ?? 0, uncached?.peakRssMb() ?? 0) || undefined,
      ...(walked ? { cursorOffset: walked.offset } : {}),
      results,
      skipped,
    };
    return { comparisons: scaleComparisons(run), json: scaleJson(run), text: formatScaleReport(run) };
  } finally {
    client.close();
    await service?.stop();
    await uncached?.stop();
    await hop?.stop();
    await search.close();
    // --reuse keeps the world for the next run, whatever --keep says.
    await world.teardown(options.keep || options.reuse);
  }
}
