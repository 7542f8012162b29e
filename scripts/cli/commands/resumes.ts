import { activateResume, addResume, listResumes } from '../../../services/write';
import type { Command } from '../command';
import { UsageError } from '../command';
import { table } from '../output';

/** resumes:add */
export const resumesAdd: Command = {
  name: 'resumes:add',
  summary: 'Add a resume to a user, from a file (or stdin with --file -) or inline text.',
  positionals: ['user'],
  options: {
    title: { type: 'string', description: 'title of the resume, 1-200 characters', required: true },
    file: { type: 'string', value: 'path', description: 'read the content from this file ("-" for stdin)' },
    content: { type: 'string', value: 'text', description: 'the content itself (instead of --file)' },
    activate: { type: 'boolean', description: 'make it the active resume (the previous one becomes inactive)' },
  },
  notes: ['<user> is a user id or email. Applying to a job needs an active resume.'],
  run: async ({ db, out, readFile }, { positionals: [user], values }) => {
    const file = values.file as string | undefined;
    const inline = values.content as string | undefined;
    if ((file === undefined) === (inline === undefined)) throw new UsageError('Give exactly one of --file <path> or --content <text>.');
    const content = file === undefined ? inline! : await readFile(file);
    const resume = await addResume(db, user, { title: values.title as string, content }, { activate: values.activate === true });
    out.result(resume, `Added resume ${resume.id} (${resume.characters} characters) to ${user}${resume.is_active ? '; it is now the active one' : ' (inactive)'}.`);
  },
};

/** resumes:list */
export const resumesList: Command = {
  name: 'resumes:list',
  summary: "List a user's resumes, newest first (the content is not shown).",
  positionals: ['user'],
  options: {},
  run: async ({ db, out }, { positionals: [user] }) => {
    const resumes = await listResumes(db, user);
    out.result(
      resumes,
      table(resumes, [
        ['id', (r) => r.id],
        ['active', (r) => (r.is_active ? 'yes' : 'no')],
        ['characters', (r) => r.characters],
        ['created', (r) => r.created_at],
        ['title', (r) => r.title],
      ]),
    );
  },
};

/** resumes:activate */
export const resumesActivate: Command = {
  name: 'resumes:activate',
  summary: "Make a resume its user's active one (the previous active resume becomes inactive).",
  positionals: ['resume_id'],
  options: {},
  run: async ({ db, out }, { positionals: [resumeId] }) => {
    const { resume, previousActiveId, alreadyActive } = await activateResume(db, resumeId);
    const text = alreadyActive
      ? `Resume ${resume.id} was already active; nothing changed.`
      : `Resume ${resume.id} is now active${previousActiveId ? ` (resume ${previousActiveId} is no longer)` : ''}.`;
    out.result({ ...resume, previous_active_id: previousActiveId }, text);
  },
};
