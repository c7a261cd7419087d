import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js fence the code in by folder. Each case lints a deliberate
 * violation through the real configuration and expects the rule to name it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import rules', () => {
  const probeDir = path.join(root, 'apps/web/src/lib/lint-cycle-probe');
  afterAll(() => fs.rmSync(probeDir, { recursive: true, force: true }));

  it('refuse a feature importing another feature, by alias or relative path', async () => {
    const byAlias = await ruleIds(
      "import { readFeedCache } from '@/features/feed/utils/feed-cache';\nexport const probe = readFeedCache;\n",
      'apps/web/src/features/contacts/probe.ts',
    );
    const byRelativePath = await ruleIds(
      "import { readFeedCache } from '../feed/utils/feed-cache';\nexport const probe = readFeedCache;\n",
      'apps/web/src/features/contacts/probe.ts',
    );
    expect(byAlias).toContain('import-x/no-restricted-paths');
    expect(byRelativePath).toContain('import-x/no-restricted-paths');
  });

  it('refuse shared code importing a feature, and a feature importing the app', async () => {
    const sharedToFeature = await ruleIds(
      "import { readFeedCache } from '@/features/feed/utils/feed-cache';\nexport const probe = readFeedCache;\n",
      'apps/web/src/lib/probe.ts',
    );
    const featureToApp = await ruleIds(
      "import { createAppRouter } from '@/app/router';\nexport const probe = createAppRouter;\n",
      'apps/web/src/features/feed/probe.ts',
    );
    expect(sharedToFeature).toContain('import-x/no-restricted-paths');
    expect(featureToApp).toContain('import-x/no-restricted-paths');
  });

  it('allow a feature importing its own files and shared code', async () => {
    const ids = await ruleIds(
      "import { readFeedCache } from '../utils/feed-cache';\nimport { cn } from '@/lib/utils';\nexport const probe = [readFeedCache, cn];\n",
      'apps/web/src/features/feed/hooks/probe.ts',
    );
    expect(ids).not.toContain('import-x/no-restricted-paths');
  });

  it('refuse the API importing the web app, and the web the API, by a relative path across the apps', async () => {
    const apiToWeb = await ruleIds(
      "import { SPLASH_MIN_MS } from '../../web/src/config/ui-timings';\nexport const probe = SPLASH_MIN_MS;\n",
      'apps/api/bench/probe.ts',
    );
    const webToApi = await ruleIds(
      "import { AppError } from '../../../api/src/lib/app-error';\nexport const probe = AppError;\n",
      'apps/web/src/lib/probe.ts',
    );
    expect(apiToWeb).toContain('import-x/no-restricted-paths');
    expect(webToApi).toContain('import-x/no-restricted-paths');
  });

  it('allow the API reading a shared fact from the domain', async () => {
    const ids = await ruleIds(
      "import { STORAGE_KEYS } from '@aaspaas/domain/rules';\nexport const probe = STORAGE_KEYS;\n",
      'apps/api/bench/probe.ts',
    );
    expect(ids).not.toContain('import-x/no-restricted-paths');
  });

  it('refuse an import cycle', async () => {
    fs.mkdirSync(probeDir, { recursive: true });
    fs.writeFileSync(path.join(probeDir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    fs.writeFileSync(path.join(probeDir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const [result] = await eslint.lintFiles([path.join(probeDir, 'a.ts')]);
    expect((result?.messages ?? []).map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
