import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ICruiseOptions, ICruiseResult, IViolation } from 'dependency-cruiser';

/**
 * The import rules of docs/architecture.md ("Import rules"), as .dependency-cruiser.cjs states
 * them, checked over the whole tree. Needs no service: it reads files only, so it runs in the unit
 * lane. By hand: npx depcruise --config .dependency-cruiser.cjs services shared scripts benchmarks test clients
 */

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
/** Every top folder that holds code. migrations/ holds SQL only, so nothing there imports anything. */
const CODE_FOLDERS = ['services', 'shared', 'scripts', 'benchmarks', 'test', 'clients'];
/** The rules docs/architecture.md states; a rule dropped from the configuration fails the test. */
const RULES = [
  'production-imports-no-tests',
  'shared-imports-no-service-or-tool',
  'services-import-no-generated-client',
  'service-to-service-through-public-face',
  'outsiders-through-public-face',
  'client-is-generated-only',
  'no-circular-production',
  'write-sql-in-store',
  'write-store-below-commands',
  'write-commands-below-routes',
  'not-to-unresolvable',
];

/** One violation as one line: `rule: from → to`, a cycle as its whole path. */
function describeViolation(v: IViolation): string {
  const to = v.cycle && v.cycle.length > 0 ? v.cycle.map((step) => step.name).join(' → ') : v.to;
  return `${v.rule.name}: ${v.from} → ${to}`;
}

/**
 * Cruises `folders` under `baseDir` with the repository's rules. dependency-cruiser is an ES
 * module only, hence the dynamic imports.
 */
async function cruiseWithRules(baseDir: string, folders: string[], tsConfigFile?: string): Promise<ICruiseResult> {
  const { cruise } = await import('dependency-cruiser');
  const { default: extractDepcruiseOptions } = await import('dependency-cruiser/config-utl/extract-depcruise-options');
  const options: ICruiseOptions = await extractDepcruiseOptions(CONFIG);
  let tsConfig: unknown;
  if (tsConfigFile) {
    const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
    tsConfig = extractTSConfig(tsConfigFile);
  }
  const cruiseOptions: ICruiseOptions = {
    ...options,
    baseDir,
    ...(tsConfigFile ? { tsConfig: { fileName: tsConfigFile } } : { tsConfig: undefined }),
  };
  const result = await cruise(folders, cruiseOptions, {}, { tsConfig });
  if (typeof result.output === 'string') throw new Error(`dependency-cruiser answered text, not a result: ${result.output.slice(0, 500)}`);
  return result.output;
}

describe('import rules (.dependency-cruiser.cjs, docs/architecture.md "Import rules")', function () {
  // A cruise of the whole tree parses every file with the TypeScript compiler: several seconds.
  this.timeout(120_000);
  let result: ICruiseResult;

  before(async () => {
    result = await cruiseWithRules(ROOT, CODE_FOLDERS, path.join(ROOT, 'tsconfig.json'));
  });

  it('states every rule the architecture page names, each as an error', async () => {
    const { default: extractDepcruiseOptions } = await import('dependency-cruiser/config-utl/extract-depcruise-options');
    const { ruleSet } = await extractDepcruiseOptions(CONFIG);
    const forbidden = ruleSet?.forbidden ?? [];
    expect(forbidden.map((rule) => rule.name)).to.have.members(RULES);
    expect(forbidden.filter((rule) => rule.severity !== 'error').map((rule) => rule.name)).to.deep.equal([]);
  });

  it('sees the whole tree, and the imports the rules are about (public faces, the pg driver)', () => {
    const sources = result.modules.map((m) => m.source);
    for (const folder of CODE_FOLDERS)
      expect(
        sources.filter((s) => s.startsWith(`${folder}/`)),
        `modules cruised in ${folder}/`,
      ).to.not.be.empty;
    expect(sources).to.include.members([
      'services/read/index.ts',
      'services/write/index.ts',
      'services/indexer/index.ts',
      'services/all-in-one/index.ts',
    ]);
    const edges = result.modules.flatMap((m) => m.dependencies.map((d) => `${m.source} → ${d.resolved}`));
    // A dependency on node_modules is kept (not excluded), or the pg rule would see nothing.
    expect(
      edges.filter((e) => /^shared\/db\/\S+ → node_modules\/pg\//.test(e)),
      'shared/db → pg',
    ).to.not.be.empty;
    // Imports of a folder resolve to its index.ts, or the public-face rules would see nothing.
    expect(
      edges.filter((e) => /^(scripts|benchmarks|test)\/\S+ → services\/[^/]+\/index\.ts$/.test(e)),
      'tools and tests → a public face',
    ).to.not.be.empty;
  });

  it('no import breaks a rule', () => {
    const violations = result.summary.violations.map(describeViolation);
    const broken = new Set(result.summary.violations.map((v) => v.rule.name));
    const meaning = (result.summary.ruleSetUsed?.forbidden ?? [])
      .filter((rule) => broken.has(rule.name ?? ''))
      .map((rule) => `  ${rule.name}: ${rule.comment}`);
    expect(
      violations,
      `import rule violations:\n${violations.join('\n')}\nthe rules broken (docs/architecture.md, "Import rules"):\n${meaning.join('\n')}\n`,
    ).to.deep.equal([]);
  });

  describe('the rules themselves', () => {
    let sample: string;

    /** A small tree laid out like the repository's, one file breaking each rule. */
    const SAMPLE_FILES: Record<string, string> = {
      'services/a/index.ts': "export { inside } from './inside';\n",
      'services/a/inside.ts': "import { helper } from '../../test/support/helper';\nexport const inside = helper;\n",
      'services/a/inside.test.ts':
        "import { inside } from './inside';\nimport { helper } from '../../test/support/helper';\nexport const t = [inside, helper];\n",
      'services/a/client-user.ts': "import { client } from '../../clients/typescript/index';\nexport const c = client;\n",
      'services/a/query.ts': "import type { Pool } from 'pg';\nexport type P = Pool;\n",
      'services/write/store/query.ts':
        "import type { Pool } from 'pg';\nimport { salary } from '../salary/parse';\nimport { command } from '../commands/command';\nexport type P = Pool;\nexport const q = [salary, command];\n",
      'services/write/salary/parse.ts': 'export const salary = 1;\n',
      'services/write/commands/command.ts': "import { route } from '../routes/route';\nexport const command = route;\n",
      'services/write/routes/route.ts': 'export const route = 1;\n',
      'services/b/index.ts': "import { inside } from '../a/inside';\nimport { a } from '../a';\nexport const b = [inside, a];\n",
      'shared/one.ts': "import { two } from './two';\nimport { b } from '../services/b';\nexport const one = [two, b];\n",
      'shared/two.ts': "import { one } from './one';\nexport const two = () => one;\n",
      'shared/db/pool.ts': "import type { Pool } from 'pg';\nexport type P = Pool;\n",
      'scripts/tool.ts':
        "import { inside } from '../services/a/inside';\nimport { a } from '../services/a/index';\nimport { bench } from '../benchmarks/bench';\nexport const tool = [inside, a, bench];\n",
      'benchmarks/bench.ts': "import { inside } from '../services/a/inside';\nexport const bench = inside;\n",
      'test/support/helper.ts': "import { inside } from '../../services/a/inside';\nexport const helper = () => inside;\n",
      'clients/typescript/index.ts': "import { one } from '../../shared/one';\nexport const client = one;\n",
      'node_modules/pg/package.json': '{ "name": "pg", "main": "index.js" }\n',
      'node_modules/pg/index.js': 'module.exports = {};\n',
      'node_modules/pg/index.d.ts': 'export declare class Pool {}\n',
    };

    before(() => {
      sample = mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
      for (const [file, text] of Object.entries(SAMPLE_FILES)) {
        mkdirSync(path.dirname(path.join(sample, file)), { recursive: true });
        writeFileSync(path.join(sample, file), text);
      }
    });

    after(() => rmSync(sample, { recursive: true, force: true }));

    it('each catches the import it forbids, and lets a service own its internals, its tests and its public face', async () => {
      const sampleResult = await cruiseWithRules(sample, ['services', 'shared', 'scripts', 'benchmarks', 'test', 'clients']);
      expect(sampleResult.summary.violations.map(describeViolation).sort()).to.deep.equal(
        [
          'client-is-generated-only: clients/typescript/index.ts → shared/one.ts',
          'no-circular-production: shared/one.ts → shared/two.ts → shared/one.ts',
          'outsiders-through-public-face: benchmarks/bench.ts → services/a/inside.ts',
          'outsiders-through-public-face: scripts/tool.ts → services/a/inside.ts',
          'outsiders-through-public-face: test/support/helper.ts → services/a/inside.ts',
          'production-imports-no-tests: scripts/tool.ts → benchmarks/bench.ts',
          'production-imports-no-tests: services/a/inside.ts → test/support/helper.ts',
          'service-to-service-through-public-face: services/b/index.ts → services/a/inside.ts',
          'services-import-no-generated-client: services/a/client-user.ts → clients/typescript/index.ts',
          'shared-imports-no-service-or-tool: shared/one.ts → services/b/index.ts',
          'write-sql-in-store: services/a/query.ts → node_modules/pg/index.js',
          'write-store-below-commands: services/write/store/query.ts → services/write/commands/command.ts',
          'write-commands-below-routes: services/write/commands/command.ts → services/write/routes/route.ts',
        ].sort(),
      );
    });
  });
});
