import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const ROOT = dirname(fileURLToPath(import.meta.url));

// The feature-folder contract (decision 056): a feature imports another feature only through its
// front door, app/features/<name>/index.ts. One zone per pair of feature folders; the folders are
// read from disk, so a new feature is covered the day it is made.
const FEATURES = readdirSync(join(ROOT, 'app/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = FEATURES.flatMap((feature) =>
  FEATURES.filter((other) => other !== feature).map((other) => ({
    target: `./app/features/${feature}`,
    from: `./app/features/${other}`,
    except: ['./index.ts'],
    message: `app/features/${feature} reaches into app/features/${other}: import it through ~/features/${other} (its index.ts, decision 056).`,
  })),
);

/**
 * Logic never imports a component (decision 056): a .ts module under app/ may not import a .tsx
 * one. Imports are written without extensions, so the rule looks on disk for the file they name.
 * Type-only imports are let through: they vanish at build time and load no component code.
 */
const logicImportsNoComponent = {
  meta: {
    type: 'problem',
    messages: {
      component:
        "'{{source}}' is a component module (.tsx): logic (.ts) does not import components. Move what you need into a .ts module (decision 056).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const isComponent = (source) => {
      let base;
      if (source.startsWith('~/')) base = join(ROOT, 'app', source.slice(2));
      else if (source.startsWith('.')) base = resolve(dirname(file), source);
      else return false;
      if (base.endsWith('.tsx')) return true;
      if (existsSync(`${base}.ts`) || existsSync(join(base, 'index.ts'))) return false;
      return existsSync(`${base}.tsx`) || existsSync(join(base, 'index.tsx'));
    };
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (
        node.type === 'ImportDeclaration' &&
        node.specifiers.length > 0 &&
        node.specifiers.every((s) => s.importKind === 'type')
      ) {
        return;
      }
      if (isComponent(node.source.value)) {
        context.report({
          node: node.source,
          messageId: 'component',
          data: { source: node.source.value },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Buttons are drawn one way (issue 30): a control that reads a whole-button class string from the
 * skin (`skin.button`, `skin.buttonSecondary`, `SKINS.accessible.buttonDanger` …) draws a button by
 * hand. The skin no longer has such tokens; this keeps them from coming back. `buttonTone` is not
 * matched: that is what Button itself reads.
 */
const SKIN_BUTTON_TOKEN = /^button(Secondary|Danger|Ghost)?$/;
const buttonsThroughButton = {
  meta: {
    type: 'problem',
    messages: {
      byHand:
        "Draw a button with <Button variant=…> or <ButtonLink> (app/ui/Button.tsx), not the skin's '{{token}}' class string; a control that can be neither uses useButtonClasses.",
    },
    schema: [],
  },
  create(context) {
    const named = (node, pattern) =>
      node?.type === 'Identifier' ? pattern.test(node.name) : false;
    // skin.button, props.skin.button, SKINS[theme].button, SKINS.dark.button
    const isSkin = (node) =>
      named(node, /[sS]kin$/) ||
      (node.type === 'MemberExpression' &&
        ((!node.computed && named(node.property, /[sS]kin$/)) || named(node.object, /^SKINS$/)));
    return {
      MemberExpression(node) {
        if (node.computed || !named(node.property, SKIN_BUTTON_TOKEN) || !isSkin(node.object)) {
          return;
        }
        context.report({ node, messageId: 'byHand', data: { token: node.property.name } });
      },
    };
  },
};

/** The repo's own rules, one plugin object (ESLint refuses two different plugins named alike). */
const localPlugin = {
  rules: {
    'logic-imports-no-component': logicImportsNoComponent,
    'buttons-through-button': buttonsThroughButton,
  },
};

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
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
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
    // Logic never imports a component. A feature's index.ts is its front door, not logic: it may
    // hand out the feature's components beside its functions.
    files: ['app/**/*.ts'],
    ignores: ['app/**/*.test.ts', 'app/**/*.d.ts', 'app/features/*/index.ts'],
    plugins: { local: localPlugin },
    rules: { 'local/logic-imports-no-component': 'error' },
  },
  {
    // Who is staff or admin is answered only in app/domain/roles.ts (isStaff, isAdmin, isSuperAdmin,
    // withImpliedRoles; issue 30): a role set is not asked for an office role by name anywhere else.
    files: [
      'app/**/*.{ts,tsx}',
      'mocks/**/*.ts',
      'scripts/**/*.ts',
      'firebase/functions/src/**/*.ts',
    ],
    ignores: ['app/domain/roles.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(includes|has)$/][arguments.0.value=/^(admin|superAdmin|administration)$/]',
          message:
            'Ask app/domain/roles.ts (isStaff, isAdmin, isSuperAdmin, isAdminRole) instead of looking for an office role by name.',
        },
        {
          selector:
            'BinaryExpression[operator=/^[!=]==?$/][right.value=/^(admin|superAdmin|administration)$/][left.name=/^(r|role)$/]',
          message:
            'Ask app/domain/roles.ts (isStaff, isAdmin, isSuperAdmin, isAdminRole) instead of comparing a role with an office role.',
        },
      ],
    },
  },
  {
    // Buttons are drawn one way (issue 30): <Button>, <ButtonLink>, or useButtonClasses for the rare
    // control that can be neither. Only Button and the skin may name a whole-button token.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/ui/Button.tsx', 'app/settings/skin*'],
    plugins: { local: localPlugin },
    rules: { 'local/buttons-through-button': 'error' },
  },
  {
    // The backend adapter is the one place allowed to import the Firebase SDK; tests of the fake use it too.
    files: ['app/backend/**', 'mocks/**/*.test.ts', 'test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
