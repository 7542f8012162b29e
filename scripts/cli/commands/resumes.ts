import { InvalidArgumentError } from 'commander';
import { activateResume, addResume, listResumes } from '../../../services/write';
import type { AddCommands } from '../command';
import { table } from '../output';

/** resumes:add, resumes:list, resumes:activate */
export const resumesCommands: AddCommands = (program, context) => {
  program
    .command('resumes:add')
    .description('Add a resume to a user, from a file (or stdin with --file -) or inline text.')
    .argument('<user>', 'a user id or email')
    .requiredOption('--title <title>', 'title of the resume, 1-200 characters (required)')
    .option('--file <path>', 'read the content from this file ("-" for stdin)')
    .option('--content <text>', 'the content itself (instead of --file)')
    .option('--activate', 'make it the active resume (the previous one becomes inactive)')
    .addHelpText('after', '\nApplying to a job needs an active resume.')
    .action(async (user: string, options: { title: string; file?: string; content?: string; activate?: boolean }) => {
      const { file, content: inline } = options;
      if ((file === undefined) === (inline === undefined))
        throw new InvalidArgumentError('Give exactly one of --file <path> or --content <text>.');
      const { db, out, readFile } = context();
      const content = file === undefined ? inline! : await readFile(file);
      const resume = await addResume(db, user, { title: options.title, content }, { activate: options.activate === true });
      out.result(
        resume,
        `Added resume ${resume.id} (${resume.characters} characters) to ${user}${resume.is_active ? '; it is now the active one' : ' (inactive)'}.`,
      );
    });

  program
    .command('resumes:list')
    .description("List a user's resumes, newest first (the content is not shown).")
    .argument('<user>', 'a user id or email')
    .action(async (user: string) => {
      const { db, out } = context();
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
    });

  program
    .command('resumes:activate')
    .description("Make a resume its user's active one (the previous active resume becomes inactive).")
    .argument('<resume_id>', 'the id of the resume')
    .action(async (resumeId: string) => {
      const { db, out } = context();
      const { resume, previousActiveId, alreadyActive } = await activateResume(db, resumeId);
      const text = alreadyActive
        ? `Resume ${resume.id} was already active; nothing changed.`
        : `Resume ${resume.id} is now active${previousActiveId ? ` (resume ${previousActiveId} is no longer)` : ''}.`;
      out.result({ ...resume, previous_active_id: previousActiveId }, text);
    });
};
