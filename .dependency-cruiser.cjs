// The import rules of the repository (docs/architecture.md, "Import rules", says why each exists).
// Enforced by test/architecture/import-rules.unit.test.ts; by hand:
//   npx depcruise --config .dependency-cruiser.cjs services shared scripts benchmarks test clients migrations
// Paths are relative to the repository root, with forward slashes.

/** A test file, wherever it sits. */
const TEST_FILE = '\\.test\\.ts$';
/** Production code: what ships or runs in production (services, shared code, migrations, operator tools). */
const PRODUCTION = '^(services|shared|migrations|scripts)/';
/**
 * Production code but no test file, as one pattern: the `viaOnly` of a cycle rule takes its path
 * or its pathNot, not both (dependency-cruiser 17 lets pathNot override path there).
 */
const PRODUCTION_NOT_TEST = '^(services|shared|migrations|scripts)/(?!.*\\.test\\.ts$)';
/** Test code: test/ and every *.test.ts. */
const TEST_CODE = ['^test/', TEST_FILE];
/** A service's public face: services/<name>/index.ts. */
const PUBLIC_FACE = '^services/[^/]+/index\\.ts$';
/** The one PostgreSQL driver, its runtime and its types. */
const PG = '(^|/)node_modules/(@types/)?pg/';

// A CommonJS file run by Node: `module` is Node's (the lint config declares no Node globals for .cjs files).
/* global module */

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'production-imports-no-tests',
      comment: 'Production code (services/, shared/, migrations/, scripts/) never imports test/, a *.test.ts file, or benchmarks/.',
      severity: 'error',
      from: { path: PRODUCTION, pathNot: TEST_FILE },
      to: { path: [...TEST_CODE, '^benchmarks/'] },
    },
    {
      name: 'shared-imports-no-service-or-tool',
      comment: 'shared/ is the bottom layer: it never imports services/, scripts/, benchmarks/ or clients/.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TEST_FILE },
      to: { path: '^(services|scripts|benchmarks|clients)/' },
    },
    {
      name: 'services-import-no-generated-client',
      comment: 'services/ never import the generated client (clients/, or the workspace package @job-listing-agent/client).',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: ['^clients/', '(^|/)node_modules/@job-listing-agent/'] },
    },
    {
      name: 'service-to-service-through-public-face',
      comment:
        'One service imports another only through its public face, services/<name>/index.ts. ' +
        "Files inside services/<name>/ (its own tests among them) may import that service's internals.",
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/[^/]+/', pathNot: ['^services/$1/', PUBLIC_FACE] },
    },
    {
      name: 'outsiders-through-public-face',
      comment: 'Tools (scripts/), benchmarks/, test/ and clients/ reach a service only through services/<name>/index.ts.',
      severity: 'error',
      from: { pathNot: '^services/' },
      to: { path: '^services/[^/]+/', pathNot: PUBLIC_FACE },
    },
    {
      name: 'client-is-generated-only',
      comment: 'clients/ is generated from clients/openapi.json: it imports nothing of services/, shared/, scripts/, benchmarks/ or test/.',
      severity: 'error',
      from: { path: '^clients/' },
      to: { path: '^(services|shared|scripts|benchmarks|test)/' },
    },
    {
      name: 'no-circular-production',
      comment: 'No import cycle among production modules (a cycle that passes through a test file is a test concern).',
      severity: 'error',
      from: { path: PRODUCTION, pathNot: TEST_FILE },
      to: { circular: true, viaOnly: { path: PRODUCTION_NOT_TEST } },
    },
    {
      name: 'write-sql-in-store',
      comment:
        'The write side keeps its SQL in services/write/store/: among services/ and shared/, only services/write/store/** ' +
        'and shared/db/** import the PostgreSQL driver (pg). The indexer service is the one other owner of SQL, on its outbox, ' +
        'through shared/db; operator tools (scripts/) and tests may use pg directly.',
      severity: 'error',
      from: { path: '^(services|shared)/', pathNot: ['^services/write/store/', '^shared/db/', TEST_FILE] },
      to: { path: PG },
    },
    {
      name: 'write-store-below-commands',
      comment:
        'The write side is layered route → command → store: services/write/store/ imports no route, command, auth or presenter ' +
        '(it may use services/write/salary/ and shared/).',
      severity: 'error',
      from: { path: '^services/write/store/', pathNot: TEST_FILE },
      to: { path: '^services/write/(routes|commands|auth|presenters)/' },
    },
    {
      name: 'write-commands-below-routes',
      comment: 'A command of the write side (services/write/commands/) never imports a route: routes call commands, not the reverse.',
      severity: 'error',
      from: { path: '^services/write/commands/', pathNot: TEST_FILE },
      to: { path: '^services/write/routes/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every relative import resolves to a file (a rule cannot guard an import it cannot see).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, dependencyTypesNot: ['core'] },
    },
  ],
  options: {
    // Type-only imports count: `import type` from a test or another service's internals couples the code just the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^\\.cache/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
