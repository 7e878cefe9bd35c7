// Harbour's lint: errors only for real problems (broken hooks, unreachable or undefined code,
// misuse of promises-as-conditions), warnings for style; build output and installs are ignored.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { floors } from './eslint.floors.js';

// The React Compiler rules of react-hooks' recommended set flag code the compiler cannot optimise;
// that is advice, not a defect, so they report as warnings.
const compilerRulesAsWarnings = Object.fromEntries(
  Object.keys(reactHooks.configs.flat.recommended.rules)
    .filter((name) => name !== 'react-hooks/rules-of-hooks')
    .map((name) => [name, 'warn']),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-types/**',
      '**/coverage/**',
      '**/.artifacts/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/data/**',
      '**/*.tsbuildinfo',
      'apps/server/drizzle/meta/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'off',
      // `declare module` augmentation (fastify, i18next) needs namespaces.
      '@typescript-eslint/no-namespace': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...compilerRulesAsWarnings,
      'react-hooks/rules-of-hooks': 'error',
      // The web fetches the shared message catalogue one language at a time (src/i18n/index.ts);
      // the server's entry point holds every language of every area.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@harbour/contracts/messages', message: 'Use i18next (src/i18n); this module bundles every language.' }] },
      ],
    },
  },
  {
    // Browser tests evaluate callbacks inside the page.
    files: ['e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  ...floors,
);
