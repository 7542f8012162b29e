import { createUser, listUsers, type UserSummary } from '../../../services/write';
import type { AddCommands } from '../command';
import { table } from '../output';

const usersTable = (users: UserSummary[]) =>
  table(users, [
    ['id', (u) => u.id],
    ['email', (u) => u.email],
    ['name', (u) => u.name],
    ['recruiter', (u) => (u.is_recruiter ? 'yes' : 'no')],
    ['active resume', (u) => u.active_resume_id],
    ['organizations', (u) => u.organization_ids],
    ['headline', (u) => u.headline],
  ]);

/** users:create, users:list */
export const usersCommands: AddCommands = (program, context) => {
  program
    .command('users:create')
    .description('Create a user with a profile (name, email, headline), optionally a recruiter.')
    .requiredOption('--name <name>', 'full name, 1-200 characters (required)')
    .requiredOption('--email <email>', 'email address, unique regardless of case (required)')
    .option('--headline <text>', 'short profile headline, up to 300 characters')
    .option('--recruiter', 'may create jobs for the organizations the user is a member of')
    .addHelpText('after', '\nExample: npm run cli -- users:create --name "Ada Lovelace" --email ada@example.com --headline "Engineer"')
    .action(async (options: { name: string; email: string; headline?: string; recruiter?: boolean }) => {
      const { db, out } = context();
      const user = await createUser(db, {
        name: options.name,
        email: options.email,
        headline: options.headline,
        is_recruiter: options.recruiter === true,
      });
      out.result(user, `Created ${user.is_recruiter ? 'recruiter' : 'user'} ${user.email} with id ${user.id}.`);
    });

  program
    .command('users:list')
    .description('List users with their recruiter flag, active resume and organizations.')
    .option('--recruiters', 'only recruiters')
    .action(async (options: { recruiters?: boolean }) => {
      const { db, out } = context();
      const users = await listUsers(db, { recruitersOnly: options.recruiters === true });
      out.result(users, usersTable(users));
    });
};
