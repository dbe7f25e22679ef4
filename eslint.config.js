import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The floors of app/, from the ground up (architecture.md). A module may import from its own floor
// or any floor below it, never from one above: the lint below turns each floor into a zone.
const FLOORS = [
  ['domain'],
  ['config'],
  ['backend', 'settings'],
  ['data', 'ui'],
  ['auth', 'guide', 'pwa'],
  ['features'],
  ['routes', 'root.tsx', 'entry.client.tsx', 'entry.worker.ts'],
];
const layerZones = FLOORS.flatMap((floor, level) =>
  floor.map((room) => ({
    target: `./app/${room}`,
    from: FLOORS.slice(level + 1)
      .flat()
      .map((higher) => `./app/${higher}`),
    message: `app/${room} sits below the module it imports: imports point down the floors (architecture.md).`,
  })),
).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'build-*/**',
      '**/*.tmp.mjs',
      'node_modules/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index', 'type'],
          pathGroups: [{ pattern: '~/**', group: 'internal' }],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-duplicates': 'error',
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 4 }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase', 'firebase/*', '@firebase/*'],
              message: 'Only app/backend imports Firebase (architecture.md rule 1).',
            },
          ],
        },
      ],
    },
  },
  {
    // Layering of app/: no arrow runs back up a floor, and no import circles.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    // The ground floor imports nothing of the app: only its own files and libraries.
    files: ['app/domain/**/*.{ts,tsx}'],
    ignores: ['app/domain/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/*', '!~/domain', '!~/domain/*'],
              message: 'app/domain imports nothing of the rest of app.',
            },
            { group: ['../*'], message: 'app/domain imports nothing of the rest of app.' },
            {
              group: ['firebase', 'firebase/*', '@firebase/*'],
              message: 'Only app/backend imports Firebase.',
            },
          ],
        },
      ],
    },
  },
  {
    // The backend adapter is the one place allowed to import the Firebase SDK; tests of the fake use it too.
    files: ['app/backend/**', 'mocks/**/*.test.ts', 'test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
