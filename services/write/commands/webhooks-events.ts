import type { Queryable } from '../../../shared/db/queryable';
import { eventPayload } from '../../../shared/webhooks/events';
import { applicationEventData, closedJobEventData, enqueueOrganizationEvent } from '../store/webhook-deliveries';

/**
 * Queues application.created or application.withdrawn for the recruiters of the job's organization
 * who subscribed to it. Call inside the transaction that made the change, after it: the event
 * commits with the change, or neither does. Its time is the application's created_at (created)
 * or updated_at (withdrawn).
 */
export async function queueApplicationEvent(
  q: Queryable,
  type: 'application.created' | 'application.withdrawn',
  applicationId: string,
): Promise<void> {
  const data = await applicationEventData(q, applicationId);
  if (!data) return;
  const at = type === 'application.created' ? data.created_at : data.updated_at;
  await enqueueOrganizationEvent(q, type, data.organization_id, eventPayload(type, data, at));
}

/** Queues job.closed for the recruiters of the job's organization who subscribed to it; inside the closing transaction. */
export async function queueJobClosed(q: Queryable, jobId: string): Promise<void> {
  const data = await closedJobEventData(q, jobId);
  if (!data) return;
  await enqueueOrganizationEvent(q, 'job.closed', data.organization_id, eventPayload('job.closed', data, data.closed_at));
}
