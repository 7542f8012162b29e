import { addMembership, removeMembership } from '../../../services/write';
import type { AddCommands } from '../command';

const USER = 'a user id or email';
const ORGANIZATION = 'an organization id, from the organization RPC or the seed';

/** memberships:add, memberships:remove */
export const membershipsCommands: AddCommands = (program, context) => {
  program
    .command('memberships:add')
    .description('Make a user a member of an organization (running it again is harmless; it can change the role).')
    .argument('<user>', USER)
    .argument('<organization_id>', ORGANIZATION)
    // The role's values are checked (and reported, exit 2) by addMembership, as for every caller.
    .option('--role <member|admin>', 'role in the organization (default member)')
    .action(async (user: string, organizationId: string, options: { role?: string }) => {
      const { db, out } = context();
      const { membership, outcome } = await addMembership(db, user, organizationId, options.role ?? 'member');
      const text = {
        added: `Added ${user} to organization ${membership.organization_id} as ${membership.role}.`,
        unchanged: `${user} is already a ${membership.role} of organization ${membership.organization_id}; nothing changed.`,
        role_changed: `${user} is now ${membership.role} of organization ${membership.organization_id}.`,
      }[outcome];
      out.result({ ...membership, outcome }, text);
    });

  program
    .command('memberships:remove')
    .description('End a membership of a user in an organization.')
    .argument('<user>', USER)
    .argument('<organization_id>', ORGANIZATION)
    .addHelpText('after', '\nExits with 3 when the user is not a member.')
    .action(async (user: string, organizationId: string) => {
      const { db, out } = context();
      const membership = await removeMembership(db, user, organizationId);
      out.result(membership, `Removed ${user} from organization ${membership.organization_id}.`);
    });
};
