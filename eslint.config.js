// Flat config. Zero warnings is enforced by `npm run lint` (--max-warnings 0).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The store stays behind src/db, src/sync and src/workers: nothing else may import rxdb or dexie. */
const storeBoundary = {
  patterns: [
    {
      group: ['rxdb', 'rxdb/*', 'dexie', 'dexie/*'],
      message: 'Only src/db, src/sync and src/workers may import rxdb or dexie; use the data worker API.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.worker },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', storeBoundary],
      // RxDB's getLocal$ follows every change event of every collection (and RxDB 17 keeps each batch it
      // converts for them): a first sync paid for it per synced product. src/db/local-doc.ts does the job.
      'no-restricted-properties': [
        'error',
        { property: 'getLocal$', message: 'Use localDoc$ (src/db/local-doc.ts): getLocal$ follows every change event of every collection.' },
      ],
    },
  },
  {
    files: ['src/db/**', 'src/sync/**', 'src/workers/**', 'tests/db/**', 'tests/sync/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/app/**/*.tsx', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // zod (~60 KB gzipped) stays out of the app bundle: the UI takes values from domain/catalog-constants
      // and only types from the schema modules.
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...storeBoundary.patterns,
            { group: ['zod', 'zod/*'], message: 'Keep zod out of the app bundle.' },
            {
              group: ['**/domain/catalog', '**/sync/protocol'],
              allowTypeImports: true,
              message: 'These modules build zod schemas; import values from domain/catalog-constants instead.',
            },
          ],
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
