/**
 * `npm run bench [-- <benchmark>...] [options]`: runs the benchmarks, each against a baseline
 * measured in the same invocation on the same data, and prints the figures with the ratio
 * subject time / baseline time. See its --help (./lib/args) and README.md ("Benchmarks").
 */
import os from 'node:os';
import { loadConfig } from '../shared/config';
import { createSearchClient } from '../shared/search/client';
import { parseBenchArgs, type BenchmarkName, type BenchOptions } from './lib/args';
import { onInterrupt } from './lib/cleanup';
import { ensureSearchNode } from './lib/elasticsearch-node';
import { formatTable, roundedComparison, type Comparison } from './lib/report';
import type { ScaleOutcome } from './scale';

/** A benchmark's rows of the table; scale and relevance add a table and a JSON object of their own. */
type Benchmark = (
  options: BenchOptions,
  log: (message: string) => void,
) => Promise<Comparison[] | (Pick<ScaleOutcome, 'comparisons' | 'text'> & { json: unknown })>;

/** Each benchmark, loaded when it runs: --help and a usage error answer without loading any. */
const BENCHMARKS: Record<BenchmarkName, () => Promise<Benchmark>> = {
  'read-latency': async () => (await import('./read-latency')).readLatency,
  'read-throughput': async () => (await import('./read-throughput')).readThroughput,
  'response-size': async () => (await import('./response-size')).responseSize,
  'time-to-searchable': async () => (await import('./time-to-searchable')).timeToSearchable,
  'import-rate': async () => (await import('./import-rate')).importRate,
  scale: async () => (await import('./scale')).scale,
  relevance: async () => (await import('./relevance')).relevance,
  'scale-out': async () => (await import('./scale-out')).scaleOut,
  embedding: async () => (await import('./embedding')).embedding,
  alerts: async () => (await import('./alerts')).alerts,
};

const log = (message: string) => console.error(`[bench] ${message}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function clusterVersion(url: string): Promise<string> {
  const client = createSearchClient({ elasticsearchUrl: url, esRequestTimeoutMs: 5000 });
  try {
    const nodes = await client.nodes.info({ node_id: '_local', metric: '_none', filter_path: 'nodes.*.version' });
    return Object.values(nodes.nodes ?? {})[0]?.version ?? 'unknown';
  } catch {
    return 'unknown';
  } finally {
    await client.close();
  }
}

async function main(argv: string[]): Promise<number> {
  // commander prints the help, or the usage error and a hint.
  const parsed = parseBenchArgs(argv, { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) });
  if (!parsed.ok) return 2;
  if (parsed.help) return 0;
  const { options } = parsed;
  const config = loadConfig();
  const started = Date.now();
  const loadBefore = loadAverage();
  const releaseNode = await ensureSearchNode(config, log);
  const forgetNode = onInterrupt(releaseNode);
  const comparisons: Comparison[] = [];
  /** Reports of their own, by benchmark name: a JSON object beside `comparisons`, a table after the main one. */
  const own: Record<string, { json: unknown; text: string }> = {};
  let version: string;
  try {
    version = await clusterVersion(config.elasticsearchUrl);
    for (const name of options.names) {
      log(`${name}: running (load average ${loadAverage()})`);
      const outcome = await (await BENCHMARKS[name]())(options, log);
      if (Array.isArray(outcome)) comparisons.push(...outcome);
      else {
        comparisons.push(...outcome.comparisons);
        own[name] = { json: outcome.json, text: outcome.text };
      }
    }
  } finally {
    forgetNode();
    await releaseNode();
  }
  const meta = {
    benchmarks: options.names,
    options: {
      jobs: options.jobs,
      requests: options.requests,
      creates: options.creates,
      batch_size: options.batchSize,
      reuse: options.reuse,
    },
    node: process.version,
    cpus: os.cpus().length,
    elasticsearch: `${version} at ${config.elasticsearchUrl}`,
    load_average_before: loadBefore,
    load_average_after: loadAverage(),
    took_seconds: Math.round((Date.now() - started) / 1000),
  };
  if (options.json) {
    const extra = Object.fromEntries(Object.entries(own).map(([name, o]) => [name, o.json]));
    console.log(JSON.stringify({ meta, comparisons: comparisons.map(roundedComparison), ...extra }, null, 2));
  } else {
    const ran =
      `\nBenchmarks (${meta.benchmarks.join(', ')}) on ${meta.cpus} CPUs, Node ${meta.node}, Elasticsearch ${meta.elasticsearch}; ` +
      `load average (1/5/15 min) ${meta.load_average_before} before, ${meta.load_average_after} after; ${meta.took_seconds}s.`;
    // A run that timed nothing (relevance --quick) has no table of ratios to explain.
    if (comparisons.length === 0) console.log(ran);
    else {
      console.log(
        `${ran}\n` +
          `Ratio = subject time / baseline time (1.00 = as fast as the baseline; for rates, baseline rate / subject rate; ` +
          `for sizes, subject bytes / baseline bytes). ` +
          `Δ = median paired difference of interleaved runs.\n`,
      );
      console.log(formatTable(comparisons));
    }
    for (const o of Object.values(own)) console.log(`\n${o.text}`);
  }
  return 0;
}

// Stdout to a pipe is written asynchronously: exiting at once cut a long --json answer at 64 KB.
// An empty write calls back once everything written before it is out (handles a run leaves
// open must not keep the process alive, hence the exit).
main(process.argv.slice(2)).then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
