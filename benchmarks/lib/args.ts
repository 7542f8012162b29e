import { Command, CommanderError } from 'commander';
import { isHelp, wholeNumber } from '../../scripts/lib/command-line';

/** The benchmarks `npm run bench` knows, in the order it runs them. */
export const BENCHMARK_NAMES = [
  'read-latency',
  'read-throughput',
  'response-size',
  'time-to-searchable',
  'import-rate',
  'scale',
  'relevance',
  'scale-out',
  'embedding',
  'alerts',
] as const;
export type BenchmarkName = (typeof BENCHMARK_NAMES)[number];
/**
 * What runs when no benchmark is named: all but scale, whose million-job index takes minutes to
 * build, relevance, which judges search quality on the real postings rather than timing,
 * scale-out, which runs three read processes and nginx for a few minutes, and embedding, which
 * runs the model over thousands of postings.
 */
export const DEFAULT_BENCHMARKS: readonly BenchmarkName[] = BENCHMARK_NAMES.filter(
  (n) => n !== 'scale' && n !== 'relevance' && n !== 'scale-out' && n !== 'embedding' && n !== 'alerts',
);

/** Settings of one `npm run bench` invocation. */
export interface BenchOptions {
  names: BenchmarkName[];
  /** Jobs generated for import-rate, and indexed for scale. */
  jobs: number;
  /** Timed requests per case and variant for read-latency, response-size and scale one at a time (x10 per phase of read-throughput and scale 16 at a time). */
  requests: number;
  /** Timed creates for time-to-searchable. */
  creates: number;
  /** Jobs per batch of the import and of its raw baselines. */
  batchSize: number;
  json: boolean;
  /** Leave the benchmark databases and indices behind for inspection. */
  keep: boolean;
  /** scale: measure the world it built before when it still fits, and keep it afterwards. */
  reuse: boolean;
  /** scale: the scenarios to measure (all when empty), to iterate on one without the others' minutes. */
  scenarios: string[];
  /** relevance: an earlier run's --json output, whose product rankings are scored again with today's judgments. */
  previous: string | undefined;
  /** relevance: the default search and BM25 only (no other mode, fusion, recall or timing), for a trial on the judged sets in a minute. */
  quick: boolean;
  /** relevance: the query sets to run, by name (all when empty). */
  sets: string[];
  /** alerts: saved searches, and the jobs created per minute for how many minutes. */
  savedSearches: number;
  rate: number;
  minutes: number;
}

/** What `npm run bench -- --help` prints after the options: the benchmarks and how to run them. */
const HELP_AFTER = `
Benchmarks (default: all but scale, relevance, scale-out and embedding, in this order):
  read-latency        browse, search with three filters, get: read service over HTTP vs the same
                      Elasticsearch query sent with the client; all-in-one gateway vs read service
  read-throughput     the same requests, 16 at a time: read service requests/s vs the same
                      Elasticsearch queries sent directly at the same concurrency
  response-size       pages of 100 jobs from browse and search, gzip, br and a 304 revalidation vs
                      plain JSON: bytes on the wire and round-trip time
  time-to-searchable  POST /agents/jobs until browse and search return the job vs one
                      index-with-refresh round trip straight to Elasticsearch
  import-rate         npm run import of N generated jobs vs raw bulk indexing of the same
                      documents to Elasticsearch and a raw multi-row INSERT of the same rows
  scale               only when named: builds an index of --jobs generated jobs with npm run
                      import, runs the read service as its own process, and measures ten
                      scenarios (searches, browses, facets=all, a cursor page near result
                      100 000, get, a mixed agent load), one at a time (p50, p99) and 16 at a
                      time (req/s), against the product's own ES request sent directly and the
                      cheapest ES request that answers the same need; prints which of the
                      issue's targets are met, and the read service's peak RSS. Four more
                      (issue 30) give every job its vector first (kept in .cache/): hybrid
                      search with the query's vector cached and embedded on every request (a
                      second read service, its query cache off) against the bare keyword
                      request, semantic search and similar jobs against a bare kNN request
  scale-out           only when named: read throughput of 1, 2 and 3 read instances (compiled,
                      their own processes) behind nginx with deploy/nginx.conf, a mixed agent
                      load (60 % search, 20 % browse, 20 % get, facets off) 32 at a time: 2 and 3
                      instances vs 1, 1 vs the same queries straight to Elasticsearch; with how
                      busy the CPUs were
  relevance           only when named: the real postings of ../shared/data/real-postings/
                      imported with npm run import (kept between runs, built again when the
                      index definition changes), the queries of benchmarks/relevance/ run
                      on the product's search and on plain BM25, the development set
                      (queries.json), the held-out sets (heldout-queries.json,
                      heldout-2-... to heldout-5-...) and the meaning-only queries
                      (meaning-queries.json) each scored with its own judgments;
                      prints P@10, nDCG@10, MRR and zero-result queries, overall and by
                      category, the queries below BM25 and why, and sign tests per
                      query; then every query in keyword, semantic and hybrid mode and
                      hybrid under other fusions (nDCG@10 and condensed nDCG@10 per set),
                      and kNN recall against exact search by num_candidates (every job's
                      vector embedded once, kept in .cache/relevance-vectors.bin); writes
                      the unjudged postings of every top 10, shuffled, to a
                      pool file per set in .cache/. With --previous, an earlier
                      run's product rankings are scored too:
                        npm run -s bench -- relevance --json > .cache/relevance-before.json
                        npm run bench -- relevance --previous .cache/relevance-before.json
                      --quick ranks with the default search and BM25 only (no modes,
                      fusions, recall or timing): a trial on the judged sets in a minute,
                      each query it moved listed against --previous; --set runs only the
                      sets named:
                        npm run -s bench -- relevance --quick --json > .cache/quick-before.json
                        npm run bench -- relevance --quick --previous .cache/quick-before.json

  embedding           only when named: --jobs real postings (every k-th of the data set)
                      imported with npm run import, then npm run embed:backfill as its own
                      process vs the model alone on the same texts (docs/s, and the time
                      1 000 000 postings would take); kNN recall@10 against exact search for
                      the agent queries of benchmarks/relevance/ and for postings' own
                      vectors, on the product's index and on one-segment copies under hnsw,
                      int8_hnsw, int4_hnsw and bbq_hnsw, at several num_candidates.
                      EMBEDDER_BATCH_SIZE and EMBEDDING_THREADS apply.
  alerts              only when named: --jobs generated jobs and --saved-searches saved searches
                      (2 000 with a job.matched webhook to a local receiver), then --rate jobs a
                      minute for --minutes through POST /agents/jobs, with the indexer, the
                      saved-search matcher and the webhook worker in process: p50/p95 from each
                      create to its last match committed and its last webhook received, against
                      the create's own round trip; then 400 saved searches checked by brute force
                      (each run as a search over the new jobs): missed and wrong matches

Benchmarks use their own databases and index aliases (jla_bench_*); Elasticsearch is started
with scripts/elasticsearch.sh when no node answers (or ELASTICSEARCH_URL is used) and stopped
again at the end if this run started it.

scale at full size wants a node of its own with more heap (its data stays on disk, in the
node's run-9201 directory, so --reuse finds the index again after the node is stopped):
  ES_PORT=9201 ES_HEAP=3g npm run bench -- scale --jobs 1000000 --reuse
starts that node with scripts/elasticsearch.sh if none answers on 9201, and stops it at the end.
Building 1 000 000 jobs takes about 5 minutes. Time budgets hold the measuring to at most
about 15 minutes on 2 cores: a scenario's one-at-a-time run stops after --requests or 30 s,
each 16-at-a-time phase after ten times --requests or 8 s, whichever comes first.`;

/** The parsed command line, usage text asked for, or what is wrong with it. */
export type ParsedBenchArgs = { ok: true; help: true } | { ok: true; help: false; options: BenchOptions } | { ok: false; message: string };

/**
 * `npm run bench` as a commander program: its arguments and options, checked as they are parsed.
 * Help goes to `out`; a usage error (the message and a hint) to `err`.
 */
function benchCommand(io: { out: (s: string) => void; err: (s: string) => void }): Command {
  const program: Command = new Command('npm run bench --')
    .usage('[<benchmark>...] [options]')
    .description(
      'Runs each benchmark against a baseline measured in the same invocation on the same data, and prints the figures ' +
        'and the ratio subject / baseline (1.00 = as fast, or as large, as the baseline).',
    )
    .argument(
      '[benchmark...]',
      'the benchmarks to run (default: all but scale, relevance, scale-out and embedding)',
      (name: string, names: BenchmarkName[] = []) => {
        if (!(BENCHMARK_NAMES as readonly string[]).includes(name)) {
          program.error(`unknown benchmark "${name}"; choose from: ${BENCHMARK_NAMES.join(', ')}`, {
            exitCode: 2,
            code: 'bench.unknownBenchmark',
          });
        }
        return [...names, name as BenchmarkName];
      },
    )
    .option(
      '--jobs <n>',
      'jobs for import-rate and scale, real postings for embedding (the full figures are --jobs 100000 for import-rate, --jobs 1000000 for scale and --jobs 17616 for embedding)',
      wholeNumber(1),
      10_000,
    )
    .option(
      '--requests <n>',
      "timed requests per case and variant for read-latency, response-size and scale's one-at-a-time runs, and ten times as many per phase of read-throughput and of scale's 16-at-a-time runs",
      wholeNumber(1),
      300,
    )
    .option('--creates <n>', 'timed creates for time-to-searchable', wholeNumber(1), 100)
    .option('--saved-searches <n>', 'alerts: saved searches matched against every new job', wholeNumber(1), 100_000)
    .option('--rate <n>', 'alerts: jobs created per minute', wholeNumber(1), 1000)
    .option('--minutes <n>', 'alerts: minutes of creating jobs', wholeNumber(1), 3)
    .option('--batch-size <n>', 'jobs per batch for the imports (import-rate, scale) and the raw baselines', wholeNumber(1), 1000)
    .option('--json', 'print the results as JSON on stdout (progress stays on stderr)')
    .option('--keep', 'keep the benchmark databases and indices (jla_bench_*) afterwards')
    .option(
      '--reuse',
      'scale: measure the index built by an earlier scale run (kept on disk) when it holds exactly --jobs jobs of the current index definition, else build it again; either way keep it for the next run',
    )
    .option(
      '--scenario <name>',
      'scale: measure only this scenario (repeatable; a unique part of its name is enough, e.g. --scenario get); the report still lists every target, and those of scenarios not run are left unchecked',
      (scenario: string, scenarios: string[] = []) => [...scenarios, scenario],
    )
    .option(
      '--previous <file>',
      "relevance: the --json output of an earlier relevance run (a path from the repository root); its product rankings are scored again with today's judgments as a third system, compared query by query, and their unjudged postings pooled",
    )
    .option(
      '--quick',
      'relevance: rank every query with the default search and plain BM25 only, and pool and score those: no other mode or fusion, no kNN recall, no timing (a minute once the world is built, against about 25)',
    )
    .option(
      '--set <name>',
      'relevance: run only this query set (repeatable; its name as the report gives it, e.g. --set heldout42)',
      (set: string, sets: string[] = []) => [...sets, set],
    )
    .helpOption('-h, --help', 'this text')
    .addHelpText('after', HELP_AFTER)
    .showHelpAfterError('(npm run bench -- --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  return program;
}

const silent = () => undefined;

/**
 * Parses `npm run bench` arguments; never throws. Help and usage errors are written to `io`
 * (nowhere by default) as commander formats them.
 */
export function parseBenchArgs(
  argv: readonly string[],
  io: { out: (s: string) => void; err: (s: string) => void } = { out: silent, err: silent },
): ParsedBenchArgs {
  const program = benchCommand(io);
  try {
    program.parse([...argv], { from: 'user' });
    const [named] = program.processedArgs as [BenchmarkName[] | undefined];
    const values = program.opts<{
      jobs: number;
      requests: number;
      creates: number;
      batchSize: number;
      json?: boolean;
      keep?: boolean;
      reuse?: boolean;
      scenario?: string[];
      previous?: string;
      quick?: boolean;
      set?: string[];
      savedSearches: number;
      rate: number;
      minutes: number;
    }>();
    // Run in the canonical order whatever order they were named in, each once.
    const names = named === undefined || named.length === 0 ? [...DEFAULT_BENCHMARKS] : BENCHMARK_NAMES.filter((n) => named.includes(n));
    // Said rather than ignored: without scale, --reuse would silently reuse nothing.
    if (values.reuse && !names.includes('scale'))
      program.error('--reuse applies to the scale benchmark only (npm run bench -- scale --reuse)', { exitCode: 2 });
    const scenarios = values.scenario ?? [];
    if (scenarios.length > 0 && !names.includes('scale'))
      program.error('--scenario applies to the scale benchmark only (npm run bench -- scale --scenario get)', { exitCode: 2 });
    if (values.previous !== undefined && !names.includes('relevance'))
      program.error('--previous applies to the relevance benchmark only (npm run bench -- relevance --previous <file>)', { exitCode: 2 });
    const sets = values.set ?? [];
    if ((values.quick || sets.length > 0) && !names.includes('relevance'))
      program.error('--quick and --set apply to the relevance benchmark only (npm run bench -- relevance --quick --set heldout42)', {
        exitCode: 2,
      });
    const { jobs, requests, creates, batchSize } = values;
    return {
      ok: true,
      help: false,
      options: {
        names,
        jobs,
        requests,
        creates,
        batchSize,
        json: values.json === true,
        keep: values.keep === true,
        reuse: values.reuse === true,
        scenarios,
        previous: values.previous,
        quick: values.quick === true,
        sets,
        savedSearches: values.savedSearches,
        rate: values.rate,
        minutes: values.minutes,
      },
    };
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    return isHelp(err) ? { ok: true, help: true } : { ok: false, message: err.message };
  }
}
