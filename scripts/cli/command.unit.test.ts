import { expect } from 'chai';
import { parseCommandArgs, usageLine, UsageError, type Command } from './command';
import { table } from './output';

const sample: Command = {
  name: 'things:add',
  summary: 'Add a thing.',
  positionals: ['user', 'thing_id'],
  options: {
    title: { type: 'string', description: 'title', required: true },
    role: { type: 'string', value: 'member|admin', description: 'role' },
    force: { type: 'boolean', description: 'force' },
  },
  run: async () => undefined,
};

const usage = (argv: string[]) => {
  try {
    parseCommandArgs(sample, argv);
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  return 'no error';
};

describe('CLI argument parsing (unit)', () => {
  it('writes the usage line from the command definition', () => {
    expect(usageLine(sample)).to.equal('npm run cli -- things:add <user> <thing_id> --title <title> [--role <member|admin>] [--force] [--json]');
  });

  it('parses positionals, options and the global flags', () => {
    expect(parseCommandArgs(sample, ['ada@example.com', 'x', '--title', 'T', '--force', '--json'])).to.deep.equal({
      positionals: ['ada@example.com', 'x'],
      values: { title: 'T', force: true, json: true },
      json: true,
      help: false,
    });
  });

  it('refuses missing and extra arguments, missing required options and unknown options', () => {
    expect(usage(['a'])).to.equal('Missing <thing_id>.');
    expect(usage([])).to.equal('Missing <user> <thing_id>.');
    expect(usage(['a', 'b', 'c', '--title', 'T'])).to.equal('Unexpected argument "c".');
    expect(usage(['a', 'b'])).to.equal('Missing --title <title>.');
    expect(usage(['a', 'b', '--title', 'T', '--nope'])).to.equal("Unknown option '--nope'");
    expect(usage(['a', 'b', '--title'])).to.match(/^Option '--title <value>' argument missing/);
  });

  it('lets --help through whatever else is missing', () => {
    expect(parseCommandArgs(sample, ['--help']).help).to.equal(true);
  });

  it('prints aligned tables with "-" for empty cells', () => {
    const rows = [
      { id: 'a', tags: ['x', 'y'], note: null },
      { id: 'bbbb', tags: [], note: 'hello' },
    ];
    expect(table(rows, [['id', (r) => r.id], ['tags', (r) => r.tags], ['note', (r) => r.note]])).to.equal(
      ['ID    TAGS  NOTE', 'a     x,y   -', 'bbbb  -     hello'].join('\n'),
    );
    expect(table([], [['id', () => 1]])).to.equal('(none)');
  });
});
