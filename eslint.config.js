import fs from 'node:fs';
import { URL } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB_SRC = 'apps/web/src';

/** Every folder under features/ is a feature: a new folder is fenced in without editing this file. */
const FEATURES = fs
  .readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The shared layer: anything may use it, it uses neither features nor the app. */
const SHARED = ['components', 'config', 'hooks', 'lib', 'locales', 'types'];

/**
 * The web's layers, shared → features → app, by where the imported file is (after resolving
 * aliases and relative paths), not by how the import is spelled.
 */
const WEB_LAYER_ZONES = [
  ...SHARED.map((folder) => ({
    target: `./${WEB_SRC}/${folder}`,
    from: [`./${WEB_SRC}/features`, `./${WEB_SRC}/app`],
    message: 'Shared code (components, lib, hooks, config) never imports a feature or the app.',
  })),
  ...FEATURES.map((feature) => ({
    target: `./${WEB_SRC}/features/${feature}`,
    from: `./${WEB_SRC}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move the shared piece to components/ or lib/, or compose in app/routes.',
  })),
  {
    target: `./${WEB_SRC}/features`,
    from: `./${WEB_SRC}/app`,
    message: 'Features never import the app: the app composes features.',
  },
];

/**
 * The two apps never import each other, by package name or by a relative path across the folders
 * (`../../web/src/…`), which no-restricted-imports' patterns cannot see; what both need lives in packages/domain.
 */
const APP_ZONES = [
  { target: './apps/api', from: './apps/web', message: 'The API never imports the web app: share it through packages/domain.' },
  { target: './apps/web', from: './apps/api', message: 'The web never imports the API: share it through packages/domain.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-android/**',
      'apps/web/android/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/dev-dist/**',
      'apps/api/scratch/**',
    ],
  },
  js.configs.recommended,
  // Plain Node scripts (build, bench, test server).
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // The domain package is shared by both sides: it imports neither.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@aaspaas/api', '@aaspaas/web', 'fastify', 'react'],
              message: 'packages/domain stays free of the API and the web.',
            },
          ],
        },
      ],
    },
  },
  // The API never imports the web app.
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '@aaspaas/web'], message: 'The API never imports the web app.' }] },
      ],
    },
  },
  // The web never imports the API; features never import each other (compose them in app/routes).
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/api/**', '@aaspaas/api', 'fastify', 'drizzle-orm'], message: 'The web never imports the API.' },
          ],
        },
      ],
    },
  },
  // Import resolution for the layer and cycle rules: TypeScript's own (aliases, extensionless paths).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/domain/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: APP_ZONES }],
    },
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...APP_ZONES, ...WEB_LAYER_ZONES] }] },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
