import { expect } from 'chai';
import { parseImportArgs } from './import-args';

describe('npm run import arguments', () => {
  it('reads the file, the acting recruiter and the options', () => {
    expect(parseImportArgs(['jobs.ndjson', '--as', 'ada@example.com', '--batch-size', '200', '--from-line', '7', '--json'])).to.deep.equal({
      ok: true,
      help: false,
      args: { file: 'jobs.ndjson', as: 'ada@example.com', batchSize: 200, fromLine: 7, json: true },
    });
  });

  it('defaults to batches of 1000 from the first line, with a text summary', () => {
    expect(parseImportArgs(['--as=u', 'f'])).to.deep.equal({ ok: true, help: false, args: { file: 'f', as: 'u', batchSize: 1000, fromLine: 1, json: false } });
  });

  it('asks for help', () => {
    expect(parseImportArgs(['-h'])).to.deep.equal({ ok: true, help: true });
  });

  it('explains each mistake', () => {
    const message = (argv: string[]) => {
      const parsed = parseImportArgs(argv);
      return parsed.ok ? 'ok' : parsed.message;
    };
    expect(message(['f'])).to.equal('--as <recruiter user id or email> is required');
    expect(message(['--as', 'u'])).to.equal('the NDJSON file is missing');
    expect(message(['a', 'b', '--as', 'u'])).to.equal('one file at a time, got 2');
    expect(message(['f', '--as', 'u', '--batch-size', '0'])).to.equal('--batch-size must be a whole number of at least 1, got "0"');
    expect(message(['f', '--as', 'u', '--from-line', 'x'])).to.equal('--from-line must be a whole number of at least 1, got "x"');
    expect(message(['f', '--as', 'u', '--nope'])).to.match(/^Unknown option '--nope'/);
    expect(message(['f', '--as'])).to.match(/^Option '--as <value>' argument missing/);
  });
});
