import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries of `npm run check` (.dependency-cruiser.cjs) fail when an import crosses one: a
 * fixture tree laid out like the repository holds one import breaking each rule, and one allowed import
 * beside each, and the cruise must name exactly the breaking ones.
 */

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;
const fixture = fileURLToPath(new URL('./fixture', import.meta.url));

describe('the import boundaries', () => {
  it('name each import that crosses one, and none of the allowed ones', async () => {
    const { options } = config;
    const result = await cruise(['apps', 'packages'], {
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
      baseDir: fixture,
      doNotFollow: options?.doNotFollow ?? {},
      tsPreCompilationDeps: true,
    });
    if (typeof result.output === 'string') throw new Error('expected a cruise result, not text');
    const found = result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual(
      [
        'module-imports-only-faces: apps/server/src/modules/coin/routes.ts → apps/server/src/modules/trading/engine.ts',
        'no-circular-in-admin: apps/admin/src/screens/detail.ts → apps/admin/src/screens/list.ts',
        'packages-import-no-app: packages/core/src/rules.ts → apps/web/src/shared/money-text.ts',
        'platform-imports-no-module: apps/server/src/ledger/post.ts → apps/server/src/modules/trading/engine.ts',
        'web-feature-imports-no-feature: apps/web/src/features/a/page.ts → apps/web/src/features/b/ticket.ts',
      ].sort(),
    );
  });
});
