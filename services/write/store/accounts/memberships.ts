import type { Database } from '../../../../shared/db/database';
import { UUID_PATTERN } from '../../../../shared/schemas/common';
import { FOREIGN_KEY_VIOLATION, pgViolation } from '../pg-errors';
import { AccountError } from './errors';
import { MEMBERSHIP_ROLES, type MembershipRole } from './inputs';
import { resolveUser } from './users';

/** What adding a membership did: adding twice is harmless, so scripts can re-run it. */
export type MembershipOutcome = 'added' | 'unchanged' | 'role_changed';

/** A user's membership of an organization, as stored. */
export interface Membership {
  user_id: string;
  organization_id: string;
  role: MembershipRole;
}

function checkOrganizationId(id: string): string {
  const value = id.trim();
  if (!UUID_PATTERN.test(value)) {
    throw new AccountError(
      'invalid',
      `Organization id "${id}" is not a UUID.`,
      'Organization ids come from POST /organization.v1.OrganizationService/List.',
    );
  }
  return value;
}

/** Makes the user a member of the organization with the role (default member). */
export async function addMembership(
  db: Database,
  userRef: string,
  organizationId: string,
  role: string = 'member',
): Promise<{ membership: Membership; outcome: MembershipOutcome }> {
  const orgId = checkOrganizationId(organizationId);
  if (!(MEMBERSHIP_ROLES as readonly string[]).includes(role)) {
    throw new AccountError('invalid', `Role "${role}" is not one of: ${MEMBERSHIP_ROLES.join(', ')}.`);
  }
  const user = await resolveUser(db, userRef);
  try {
    // The CTE sees the row as it was before this statement, which tells insert, no-op and change apart.
    const [row] = await db.query<Membership & { previous_role: MembershipRole | null }>(
      `WITH previous AS (SELECT role FROM organization_memberships WHERE user_id = $1 AND organization_id = $2)
       INSERT INTO organization_memberships (user_id, organization_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, organization_id) DO UPDATE SET role = EXCLUDED.role
       RETURNING user_id, organization_id, role, (SELECT role FROM previous) AS previous_role`,
      [user.id, orgId, role],
    );
    const { previous_role, ...membership } = row;
    const outcome: MembershipOutcome = previous_role === null ? 'added' : previous_role === role ? 'unchanged' : 'role_changed';
    return { membership, outcome };
  } catch (err) {
    const violation = pgViolation(err);
    if (violation?.code === FOREIGN_KEY_VIOLATION && violation.constraint === 'organization_memberships_organization_id_fkey') {
      throw new AccountError(
        'not_found',
        `No organization with id ${orgId}.`,
        'Organization ids come from POST /organization.v1.OrganizationService/List.',
      );
    }
    throw err;
  }
}

/** Ends the user's membership of the organization; not being a member is a not_found. */
export async function removeMembership(db: Database, userRef: string, organizationId: string): Promise<Membership> {
  const orgId = checkOrganizationId(organizationId);
  const user = await resolveUser(db, userRef);
  const [row] = await db.query<Membership>(
    `DELETE FROM organization_memberships WHERE user_id = $1 AND organization_id = $2 RETURNING user_id, organization_id, role`,
    [user.id, orgId],
  );
  if (!row) {
    throw new AccountError(
      'not_found',
      `User ${user.email} is not a member of organization ${orgId}.`,
      'users:list shows the organizations of each user.',
    );
  }
  return row;
}
