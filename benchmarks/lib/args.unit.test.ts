import { expect } from 'chai';
import { parseBenchArgs } from './args';

describe('npm run bench arguments', () => {
  it('runs every benchmark but scale with the quick defaults', () => {
    expect(parseBenchArgs([])).to.deep.equal({
      ok: true,
      help: false,
      options: {
        names: ['read-latency', 'read-throughput', 'response-size', 'time-to-searchable', 'import-rate'],
        jobs: 10_000,
        requests: 300,
        creates: 100,
        batchSize: 1000,
        json: false,
        keep: false,
        reuse: false,
        scenarios: [],
        previous: undefined,
        quick: false,
        sets: [],
        savedSearches: 100_000,
        rate: 1000,
        minutes: 3,
      },
    });
  });

  it('runs the named benchmarks once each, in the usual order, with the options given', () => {
    const parsed = parseBenchArgs(['import-rate', 'read-latency', 'import-rate', '--jobs', '100000', '--json']);
    expect(parsed.ok && !parsed.help && parsed.options).to.include({ jobs: 100_000, json: true });
    expect(parsed.ok && !parsed.help && parsed.options.names).to.deep.equal(['read-latency', 'import-rate']);
  });

  it('takes --scenario for scale alone, repeatable', () => {
    const parsed = parseBenchArgs(['scale', '--scenario', 'get', '--scenario', 'mixed']);
    expect(parsed.ok && !parsed.help && parsed.options.scenarios).to.deep.equal(['get', 'mixed']);
    expect(parseBenchArgs(['read-latency', '--scenario', 'get'])).to.have.property('ok', false);
  });

  it('runs scale only when it is named, with --reuse for it alone', () => {
    const parsed = parseBenchArgs(['scale', '--jobs', '1000000', '--reuse']);
    expect(parsed.ok && !parsed.help && parsed.options).to.deep.include({ names: ['scale'], jobs: 1_000_000, reuse: true, keep: false });
    const both = parseBenchArgs(['scale', 'read-latency']);
    expect(both.ok && !both.help && both.options.names).to.deep.equal(['read-latency', 'scale']);
    expect(parseBenchArgs(['read-latency', '--reuse'])).to.deep.equal({
      ok: false,
      message: '--reuse applies to the scale benchmark only (npm run bench -- scale --reuse)',
    });
    expect(parseBenchArgs(['--reuse'])).to.have.property('ok', false);
  });

  it('takes --quick and --set (repeatable) for relevance alone', () => {
    const parsed = parseBenchArgs(['relevance', '--quick', '--set', 'development', '--set', 'heldout42']);
    expect(parsed.ok && !parsed.help && parsed.options).to.deep.include({ quick: true, sets: ['development', 'heldout42'] });
    for (const args of [
      ['read-latency', '--quick'],
      ['scale', '--set', 'heldout42'],
    ])
      expect(parseBenchArgs(args)).to.deep.equal({
        ok: false,
        message: '--quick and --set apply to the relevance benchmark only (npm run bench -- relevance --quick --set heldout42)',
      });
  });

  it('takes --previous for relevance alone', () => {
    const parsed = parseBenchArgs(['relevance', '--previous', '.cache/relevance-before.json']);
    expect(parsed.ok && !parsed.help && parsed.options).to.deep.include({ names: ['relevance'], previous: '.cache/relevance-before.json' });
    expect(parseBenchArgs(['read-latency', '--previous', 'x.json'])).to.deep.equal({
      ok: false,
      message: '--previous applies to the relevance benchmark only (npm run bench -- relevance --previous <file>)',
    });
    expect(parseBenchArgs(['relevance', '--previous'])).to.deep.equal({
      ok: false,
      message: "error: option '--previous <file>' argument missing",
    });
  });

  it('asks for help', () => {
    expect(parseBenchArgs(['--help'])).to.deep.equal({ ok: true, help: true });
  });

  it('explains each mistake', () => {
    const message = (argv: string[]) => {
      const parsed = parseBenchArgs(argv);
      return parsed.ok ? 'ok' : parsed.message;
    };
    expect(message(['read-latancy'])).to.equal(
      'unknown benchmark "read-latancy"; choose from: read-latency, read-throughput, response-size, time-to-searchable, import-rate, scale, relevance, scale-out, embedding, alerts',
    );
    expect(message(['--jobs', '0'])).to.equal(
      "error: option '--jobs <n>' argument '0' is invalid. It must be a whole number of at least 1.",
    );
    expect(message(['--requests', '1e3'])).to.equal(
      "error: option '--requests <n>' argument '1e3' is invalid. It must be a whole number of at least 1.",
    );
    expect(message(['--frobnicate'])).to.match(/^error: unknown option '--frobnicate'/);
    expect(message(['--jobs'])).to.equal("error: option '--jobs <n>' argument missing");
  });

  it('writes the help, or the mistake and a hint, where it is told to', () => {
    let out = '';
    let err = '';
    const io = { out: (s: string) => void (out += s), err: (s: string) => void (err += s) };
    expect(parseBenchArgs(['--help'], io)).to.deep.equal({ ok: true, help: true });
    expect(out).to.match(/^Usage: npm run bench -- /);
    expect(parseBenchArgs(['--reuse'], io)).to.have.property('ok', false);
    expect(err).to.equal(
      '--reuse applies to the scale benchmark only (npm run bench -- scale --reuse)\n(npm run bench -- --help for usage)\n',
    );
  });
});
