// The import rules of the UI's layers (see README.md, "Layers"), checked by `npm test`:
// arrows point down only, app → features → shared → components → lib, no feature imports
// another, and nothing imports in a circle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others, cannot be understood or changed one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment: 'A feature does not import another: what two features share moves down to shared/ or lib/.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'app-on-top',
      severity: 'error',
      comment: 'Only the entry (main.ts) and app/ itself import app/: the shell composes the features, not the other way round.',
      from: { path: '^src/', pathNot: '^src/(app/|main\\.ts$)' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-below-features',
      severity: 'error',
      comment: 'shared/ is what several features use, so it cannot depend on any one of them.',
      from: { path: '^src/(shared|components|lib)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'components-below-shared',
      severity: 'error',
      comment: 'UI primitives know no feature concept.',
      from: { path: '^src/(components|lib)/' },
      to: { path: '^src/shared/' },
    },
    {
      name: 'lib-at-the-bottom',
      severity: 'error',
      comment: 'lib/ is logic and backend access; it draws nothing.',
      from: { path: '^src/lib/' },
      to: { path: '^src/components/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/lib/api\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.css'] },
  },
};
