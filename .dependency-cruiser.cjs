/*
 * The import boundaries `npm run check` enforces (issue 11, decision 027). Each rule names what it keeps
 * apart; a new import across one fails the check (tools/boundaries proves each rule on a fixture tree).
 * TypeScript 7 has no JavaScript API, so dependency-cruiser reads the sources through @swc/core.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment:
        'The ledger, the database layer, the HTTP kit, the platform and the shared kit serve every module and know none: a module registers its ledger checks, jobs and ports with them instead.',
      from: { path: '^apps/server/src/(ledger|db|http|platform|kit|market|realtime)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'module-imports-only-faces',
      severity: 'error',
      comment:
        "A module uses another only through its face (modules/<name>/index.ts), never a file inside it: what the face does not export is the other module's own business.",
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'web-feature-imports-no-feature',
      severity: 'error',
      comment:
        'A feature of the web app does not import another feature: what two features share lives in apps/web/src/shared (money text, submission ids, money events, the ticket kit).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'apps/web/src/shared serves the features and the pages, and imports none of the features.',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|pages)/' },
    },
    {
      name: 'packages-import-no-app',
      severity: 'error',
      comment: 'packages/core and packages/contract are used by the apps and never use them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'admin-and-web-apart',
      severity: 'error',
      comment: 'The back office and the investor app share only packages/, never each other’s files.',
      from: { path: '^apps/(web|admin)/' },
      to: { path: '^apps/(web|admin|server)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-circular-in-admin',
      severity: 'error',
      comment: 'The back office has no import cycles.',
      from: { path: '^apps/admin/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
