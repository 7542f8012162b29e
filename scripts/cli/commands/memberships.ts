import { addMembership, removeMembership } from '../../../services/write';
import type { Command } from '../command';

const USER_NOTE = '<user> is a user id or email; organization ids come from the organization RPC or the seed.';

/** memberships:add */
export const membershipsAdd: Command = {
  name: 'memberships:add',
  summary: 'Make a user a member of an organization (running it again is harmless; it can change the role).',
  positionals: ['user', 'organization_id'],
  options: { role: { type: 'string', value: 'member|admin', description: 'role in the organization (default member)' } },
  notes: [USER_NOTE],
  run: async ({ db, out }, { positionals: [user, organizationId], values }) => {
    const { membership, outcome } = await addMembership(db, user, organizationId, (values.role as string | undefined) ?? 'member');
    const text = {
      added: `Added ${user} to organization ${membership.organization_id} as ${membership.role}.`,
      unchanged: `${user} is already a ${membership.role} of organization ${membership.organization_id}; nothing changed.`,
      role_changed: `${user} is now ${membership.role} of organization ${membership.organization_id}.`,
    }[outcome];
    out.result({ ...membership, outcome }, text);
  },
};

/** memberships:remove */
export const membershipsRemove: Command = {
  name: 'memberships:remove',
  summary: 'End a membership of a user in an organization.',
  positionals: ['user', 'organization_id'],
  options: {},
  notes: [USER_NOTE, 'Exits with 3 when the user is not a member.'],
  run: async ({ db, out }, { positionals: [user, organizationId] }) => {
    const membership = await removeMembership(db, user, organizationId);
    out.result(membership, `Removed ${user} from organization ${membership.organization_id}.`);
  },
};
