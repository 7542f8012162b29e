import { expect } from 'chai';
import { definitionHash, reuseVerdict, type BuildRecord } from './scale-world';

const record: BuildRecord = {
  index: 'jla_bench_scale_jobs_v1',
  definitionHash: 'abc',
  jobs: 1_000_000,
  importJobsPerSecond: 4500,
  importSeconds: 222,
  builtAt: '2026-01-01T00:00:00Z',
};
const wanted = { jobs: 1_000_000, definitionHash: 'abc' };
const fits = { record, indicesBehindAlias: [record.index], count: 1_000_000 };

describe('scale benchmark --reuse', () => {
  it('reuses the recorded index when the alias points at it alone, with this definition and exactly the jobs asked for', () => {
    expect(reuseVerdict(wanted, fits)).to.deep.equal({ reuse: true });
  });

  it('builds again, saying why, when anything differs', () => {
    const reason = (found: Parameters<typeof reuseVerdict>[1], w = wanted) => {
      const v = reuseVerdict(w, found);
      return v.reuse ? 'reuse' : v.reason;
    };
    expect(reason({ indicesBehindAlias: [] })).to.equal('no earlier build is recorded');
    expect(reason({ ...fits, indicesBehindAlias: ['other'] })).to.equal(
      'the alias no longer points at the index built (jla_bench_scale_jobs_v1), but at [other]',
    );
    expect(reason(fits, { ...wanted, definitionHash: 'def' })).to.equal(
      'the index definition (shared/search/index-definition.ts) changed since the index was built',
    );
    expect(reason({ ...fits, count: 999_999 })).to.equal('the index holds 999999 jobs, not 1000000');
    expect(reason(fits, { ...wanted, jobs: 20_000 })).to.equal('the index holds 1000000 jobs, not 20000');
  });

  it('fingerprints the index definition by its content', () => {
    expect(definitionHash({ a: 1 })).to.equal(definitionHash({ a: 1 }));
    expect(definitionHash({ a: 1 })).not.to.equal(definitionHash({ a: 2 }));
    expect(definitionHash()).to.match(/^[0-9a-f]{16}$/);
  });
});
