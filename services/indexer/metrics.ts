import { Counter, type Registry } from 'prom-client';
import { outcomeCounter } from '../../shared/http/outcome-counter';

/** What one pass over the outbox did. */
export interface DrainResult {
  claimed: number;
  indexed: number;
  stale: number;
  failed: number;
  /** The bulk request as a whole failed (Elasticsearch down or too slow): every claimed row waits. */
  unavailable: boolean;
}

/** Where the outbox indexer counts what it did, for /metrics. */
export interface IndexerCounters {
  /** Counts the documents and the batch of one pass. */
  record(result: DrainResult): void;
}

const OUTCOMES = ['indexed', 'stale', 'failed'] as const;

/** Indexer throughput counters on the registry: documents by outcome, and batches. */
export function indexerCounters(registry: Registry): IndexerCounters {
  const documents = outcomeCounter(registry, {
    name: 'jla_indexer_documents_total',
    help: 'Jobs the outbox indexer handled, by outcome: indexed, stale (the index already had this version or a newer one), failed (retried later).',
    outcomes: OUTCOMES,
  });
  const batches = new Counter({
    name: 'jla_indexer_batches_total',
    help: 'Bulk passes over the outbox that found work.',
    registers: [registry],
  });
  return {
    record(result) {
      batches.inc();
      for (const outcome of OUTCOMES) if (result[outcome] > 0) documents.inc({ outcome }, result[outcome]);
    },
  };
}
