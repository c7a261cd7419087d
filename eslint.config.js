import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'feed',
  'location',
  'analytics',
  'business',
  'pages',
  'auth',
  'contacts',
  'posts',
  'templates',
  'app-home',
  'profile',
  'admin',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
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
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/api/**', '@aaspaas/api', 'fastify', 'drizzle-orm'], message: 'The web never imports the API.' },
            {
              group: FEATURES.filter((f) => f !== feature).flatMap((f) => [
                `@/features/${f}`,
                `@/features/${f}/**`,
                `**/features/${f}`,
                `**/features/${f}/**`,
              ]),
              message:
                'Features never import each other: move the shared piece to components/ or lib/, or compose in app/routes.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
