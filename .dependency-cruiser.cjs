/**
 * The import graph in pipeline order: sources → store → build → publish, the worker (edge/) on
 * its own, core/ and schemas/ beneath all, scripts/ and tests on top. `npm run lint:imports`.
 */
const BELOW = {
  core: [],
  schemas: ['core'],
  sources: ['core', 'schemas'],
  store: ['core', 'schemas', 'sources'],
  build: ['core', 'schemas', 'sources', 'store'],
  publish: ['core', 'schemas', 'store', 'build'],
  edge: ['core', 'schemas'],
};
/** Within a stage, folders in order: one imports only those before it (and the stage's own files). */
const WITHIN = {
  build: ['basket-index', 'incremental', 'endpoints', 'pages', 'openapi'],
  edge: ['runtime', 'origin', 'answer', 'request', 'query', 'keys', 'limits', 'widgets', 'alerts', 'routes'],
};
const STAGES = ['core', 'schemas', 'sources', 'store', 'build', 'publish', 'edge', 'scripts', 'tests'];

module.exports = {
  forbidden: [
    ...Object.entries(BELOW).map(([stage, below]) => ({
      name: `${stage}-imports-below-only`,
      comment: `${stage}/ imports only ${below.length ? below.join(', ') + ' and itself' : 'itself'}`,
      severity: 'error',
      from: { path: `^${stage}/`, pathNot: '\\.test\\.ts$' },
      to: { path: `^(${STAGES.filter((s) => s !== stage && !below.includes(s)).join('|')})/` },
    })),
    ...Object.entries(WITHIN).flatMap(([stage, folders]) =>
      folders.slice(0, -1).map((folder, i) => ({
        name: `${stage}-${folder}-before-${folders.slice(i + 1).join('-')}`,
        severity: 'error',
        from: { path: `^${stage}/${folder}/`, pathNot: '\\.test\\.ts$' },
        to: { path: `^${stage}/(${folders.slice(i + 1).join('|')})/` },
      })),
    ),
    {
      name: 'build-root-beneath-its-folders',
      comment:
        "build/'s root modules (writer, model, collections …) lie beneath the folders that write answers: only its entry points call into those, so no folder reaches itself through a root module",
      severity: 'error',
      from: { path: '^build/[^/]+$', pathNot: '^build/(build|build-part-child)\\.ts$|\\.test\\.ts$' },
      to: { path: '^build/(endpoints|pages|openapi)/' },
    },
    {
      name: 'no-circular',
      comment: 'a module never reaches itself through its imports',
      severity: 'error',
      from: { pathNot: '\\.test\\.ts$' },
      to: { circular: true, viaOnly: { pathNot: '\\.test\\.ts$' } },
    },
    {
      name: 'edge-without-node',
      comment:
        'the worker runs in workerd: no Node built-in reaches it, but the zlib nodejs_compat gives it (brotli, which the runtime lacks: edge/answer/coding.ts)',
      severity: 'error',
      from: { path: '^edge/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'], pathNot: '^zlib$' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      // cloudflare:* modules are workerd's own.
      to: { couldNotResolve: true, pathNot: '^cloudflare:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.cache|tests/fixtures)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
