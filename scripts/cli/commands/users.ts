import { createUser, listUsers, type UserSummary } from '../../../services/write';
import type { Command } from '../command';
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

/** users:create */
export const usersCreate: Command = {
  name: 'users:create',
  summary: 'Create a user with a profile (name, email, headline), optionally a recruiter.',
  positionals: [],
  options: {
    name: { type: 'string', description: 'full name, 1-200 characters', required: true },
    email: { type: 'string', description: 'email address, unique regardless of case', required: true },
    headline: { type: 'string', value: 'text', description: 'short profile headline, up to 300 characters' },
    recruiter: { type: 'boolean', description: 'may create jobs for the organizations the user is a member of' },
  },
  notes: ['Example: npm run cli -- users:create --name "Ada Lovelace" --email ada@example.com --headline "Engineer"'],
  run: async ({ db, out }, { values }) => {
    const user = await createUser(db, {
      name: values.name as string,
      email: values.email as string,
      headline: values.headline as string | undefined,
      is_recruiter: values.recruiter === true,
    });
    out.result(user, `Created ${user.is_recruiter ? 'recruiter' : 'user'} ${user.email} with id ${user.id}.`);
  },
};

/** users:list */
export const usersList: Command = {
  name: 'users:list',
  summary: 'List users with their recruiter flag, active resume and organizations.',
  positionals: [],
  options: { recruiters: { type: 'boolean', description: 'only recruiters' } },
  run: async ({ db, out }, { values }) => {
    const users = await listUsers(db, { recruitersOnly: values.recruiters === true });
    out.result(users, usersTable(users));
  },
};
