import { expect } from 'chai';
import { runCliInProcess as cli } from '../../test/support/cli-harness';
import { table } from './output';
import { commandNames } from './run';

/** The CLI's command line as commander checks it: none of these runs a command or opens the database. */
describe('operator CLI command line (unit)', () => {
  it('lists every command, the conventions and the exit codes in --help, -h and help, with exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const run = await cli(args);
      expect(run).to.include({ code: 0, stderr: '' });
      expect(run.stdout).to.include('Usage: npm run cli -- <command> [arguments] [--json]');
      for (const name of commandNames()) expect(run.stdout).to.include(`  ${name} `);
      expect(run.stdout).to.match(/Exit codes:\n {2}0 {2}success\n/);
    }
  });

  it('writes each usage line from the command definition: arguments, required options, then [optional] ones', async () => {
    const run = await cli(['resumes:add', '--help']);
    expect(run.code).to.equal(0);
    expect(run.stdout).to.include(
      'Usage: npm run cli -- resumes:add <user> --title <title> [--file <path>] [--content <text>] [--activate] [--json]\n',
    );
    expect((await cli(['help', 'resumes:add'])).stdout).to.equal(run.stdout);
  });

  it('lets --help through whatever else is missing or wrong', async () => {
    expect(await cli(['memberships:add', '--bogus', '--help'])).to.include({ code: 0, stderr: '' });
  });

  it('prints the general help on stderr with exit 2 when no command is given', async () => {
    const run = await cli([]);
    expect(run).to.include({ code: 2, stdout: '' });
    expect(run.stderr).to.include('Usage: npm run cli -- <command>');
  });

  it('refuses unknown commands and options, missing and extra arguments and missing values, with exit 2', async () => {
    const usage = async (args: string[]) => {
      const run = await cli(args);
      expect(run, args.join(' ')).to.include({ code: 2, stdout: '' });
      return run.stderr;
    };
    expect(await usage(['keys:craete'])).to.equal(
      'error: Unknown command "keys:craete". Did you mean "keys:create"?\nhint: Run npm run cli -- --help for the commands.\n',
    );
    expect(await usage(['users:list', '--recruiter'])).to.equal(
      `error: Unknown option '--recruiter'. Did you mean "--recruiters"?\nhint: Usage: npm run cli -- users:list [--recruiters] [--json] (see --help)\n`,
    );
    expect(await usage(['memberships:add'])).to.match(
      /^error: Missing <user>\.\nhint: Usage: npm run cli -- memberships:add <user> <organization_id> /,
    );
    expect(await usage(['keys:revoke', 'a', 'b'])).to.match(/^error: Unexpected argument "b"\./);
    expect(await usage(['resumes:add', 'ada@example.com'])).to.match(/^error: Missing --title <title>\./);
    expect(await usage(['resumes:add', 'ada@example.com', '--title'])).to.match(/^error: Option --title <title> needs a value\./);
  });

  it('reports usage errors as JSON on stderr with --json', async () => {
    const run = await cli(['users:list', '--bogus', '--json']);
    expect(run.code).to.equal(2);
    expect(JSON.parse(run.stderr)).to.deep.equal({
      error: {
        code: 'usage',
        message: "Unknown option '--bogus'.",
        hint: 'Usage: npm run cli -- users:list [--recruiters] [--json] (see --help)',
      },
    });
  });

  it('prints aligned tables with "-" for empty cells', () => {
    const rows = [
      { id: 'a', tags: ['x', 'y'], note: null },
      { id: 'bbbb', tags: [], note: 'hello' },
    ];
    expect(
      table(rows, [
        ['id', (r) => r.id],
        ['tags', (r) => r.tags],
        ['note', (r) => r.note],
      ]),
    ).to.equal(['ID    TAGS  NOTE', 'a     x,y   -', 'bbbb  -     hello'].join('\n'));
    expect(table([], [['id', () => 1]])).to.equal('(none)');
  });
});
