import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { projectRoot } from '../../shared/runtime/project-root';
import { servedDocument } from '../support/contract';

const run = promisify(execFile);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
}

describe('the OpenAPI document under Redocly lint (recommended rules)', () => {
  it('has no errors: every operation states its security, `[]` where no key is needed', async function () {
    this.timeout(60_000);
    const dir = await mkdtemp(path.join(tmpdir(), 'jla-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(await servedDocument()));
      const cli = path.join(projectRoot(), 'node_modules', '.bin', 'redocly');
      // Exit status 1 means problems were found; the JSON report says which.
      const { stdout } = await run(cli, ['lint', file, '--format=json', '--extends=recommended'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
      const report = JSON.parse(stdout) as { totals: { errors: number }; problems: LintProblem[] };
      const errors = report.problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).to.deep.equal([]);
      expect(report.totals.errors).to.equal(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
