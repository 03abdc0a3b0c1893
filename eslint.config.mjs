import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      '.run/**',
      '.reports/**',
      'coverage/**',
      'api/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // @vot/shared/testing and a remote's test data are for tests: production code importing them
    // would ship jest helpers (the webpack builds do not share the subpath either).
    files: ['**/src/**/*.ts', '**/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/src/testing/**', '**/src/test-data.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@vot/shared/testing', '**/testing', '**/test-data'],
              message: 'Test helpers are for *.test.ts(x) files only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Remotes (or their features) whose calls are all declared operations (@vot/shared/operations): a path is never
    // written by hand there. A feature joins this list once its calls are declared.
    files: [
      'mfe-reports/src/**/*.{ts,tsx}',
      'mfe-admin-data/src/features/{regions,districts,projects,medicines,townships,accounts}/**/*.{ts,tsx}',
      'shared/src/lists/townships.ts',
      'mfe-vot/src/**/*.{ts,tsx}',
      'mfe-volunteers/src/**/*.{ts,tsx}',
      'shared/src/lists/volunteers.ts',
      'mfe-patients/src/**/*.{ts,tsx}',
      'shell/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='api'][callee.property.name=/^(get|post|update|delete|upload)$/]",
          message: 'Call a declared operation: call(OPERATION, { params, query, body }) from @vot/shared/api.',
        },
        {
          selector: 'CallExpression[callee.name=/^(resource|exportAllPages)$/]',
          message: 'Call a declared operation: call(OPERATION, { params, query, body }) from @vot/shared/api.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/webpack.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright fixtures take an empty object pattern by design.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
