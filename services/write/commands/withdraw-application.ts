import type { Database } from '../../../shared/db/database';
import { queryableClient } from '../../../shared/db/queryable';
import { errors } from '../../../shared/errors';
import type { MyApplication } from '../../../shared/schemas/application';
import { UUID_PATTERN } from '../../../shared/schemas/common';
import { findMyApplication, markWithdrawn } from '../store/applications';
import { queueApplicationEvent } from './webhooks-events';
import { calendarNow } from '../../../shared/runtime/calendar';

/**
 * Withdraws one of the caller's applications, in the order of DESIGN.md (authentication was done
 * before): it exists among the caller's (404; another user's application answers the same, so ids
 * of others' applications tell nothing), then its state: withdrawn already answers it unchanged
 * (idempotent), rejected or hired is final (409). The change comes first and the check reads its
 * outcome, so a concurrent decision and a withdrawal cannot both win.
 */
export async function withdrawApplication(
  db: Database,
  userId: string,
  applicationId: string,
  now = calendarNow(),
): Promise<MyApplication> {
  if (!UUID_PATTERN.test(applicationId)) throw errors.applicationNotFound(applicationId);
  const id = applicationId.toLowerCase();
  // The change and its application.withdrawn deliveries commit together; only a real change queues one.
  await db.transaction(async (client) => {
    const q = queryableClient(client);
    if (await markWithdrawn(q, userId, id)) await queueApplicationEvent(q, 'application.withdrawn', id);
  });
  const row = await findMyApplication(db, userId, id, now);
  if (!row) throw errors.applicationNotFound(applicationId);
  if (row.status !== 'withdrawn') throw errors.applicationFinal(row.id, row.status);
  return row;
}
