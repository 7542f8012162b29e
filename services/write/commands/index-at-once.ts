import type { CommittedJob } from '../../../shared/jobs/job-document';
import { indexNow } from '../../indexer';
import type { WriteDeps } from '../deps';

/**
 * Brings a job just committed into the index at once, refreshed, so GET by id, browse and search
 * find it when the request answers. A failure is left to the outbox row, which the indexer
 * replays as soon as Elasticsearch answers: the write has committed, so the answer stands.
 */
export async function indexAtOnce(deps: WriteDeps, job: CommittedJob): Promise<void> {
  await indexNow({ db: deps.db, search: deps.search, alias: deps.config.indexAlias, logger: deps.logger }, [job], {
    refresh: true,
    requestTimeoutMs: deps.config.esRequestTimeoutMs,
  });
}
