/**
 * ESLint (flat config): JavaScript and typescript-eslint recommended rules, the React hooks rules,
 * and the engine's public entries as the only way into engine/ from screens/ and test/.
 * Formatting is Prettier's job (package.json "prettier"); no rule here checks layout.
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { readFileSync } from 'node:fs';

/**
 * The engine's public entries (scripts/publicEntries.json, which test/unit/public-api.test.ts reads
 * too); everything else under engine/ is internal to it. Tests may also reach the modules the engine
 * loads only through dynamic imports (gateways, the Sentry adapter), which no entry may re-export.
 */
const publicEntries = JSON.parse(readFileSync(new URL('./scripts/publicEntries.json', import.meta.url), 'utf8'));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const entries = publicEntries.entries.map((e) => escape(e.replace(/^engine\//, '').replace(/\.tsx?$/, '')) + '(\\.tsx?)?$');
const lazy = publicEntries.lazyModules.map((m) => escape(m.replace(/^engine\//, '')));
/**
 * react-i18next's hooks copy the i18next instance at every mount (about 1 ms at 4x CPU each); the
 * engine and the screens read texts with useTexts() (engine/react/translator.ts), i18next's own `t`.
 */
const textsHooks = {
  name: 'react-i18next',
  importNames: ['useTranslation', 'withTranslation', 'Translation'],
  message: 'Read texts with useTexts() (engine/react/translator.ts): react-i18next copies the i18next instance at every mount.',
};
/** An import rule that allows only these targets inside engine/ (and no react-i18next hook). */
const engineImports = (allowed) => [
  'error',
  {
    paths: [textsHooks],
    patterns: [
      {
        regex: `(^|/)engine/(?!(${allowed.join('|')}))`,
        message: `Import the engine from its public entries only: ${publicEntries.entries.join(', ')}.`,
      },
    ],
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', '.build/', 'gallery/', 'test-results/', '**/*.gen.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Screens write the valtio store (a mutable proxy by design) in their event handlers; the React
    // Compiler's immutability rule takes every value a hook returns for frozen and flags each write.
    files: ['screens/**/*.tsx'],
    rules: { 'react-hooks/immutability': 'off' },
  },
  {
    // a key from data, storage, a URL or a text must not find Object.prototype's members (constructor,
    // toString, __proto__): `key in object` does; Object.hasOwn or engine/core/ownValue.ts do not
    files: ['engine/**', 'screens/**', 'scripts/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='in'][left.type!='Literal']",
          message: 'A key in an object finds inherited members too: use Object.hasOwn(object, key) or ownValue(object, key).',
        },
      ],
    },
  },
  { files: ['engine/**'], rules: { 'no-restricted-imports': ['error', { paths: [textsHooks] }] } },
  { files: ['screens/**'], rules: { 'no-restricted-imports': engineImports(entries) } },
  { files: ['test/**'], rules: { 'no-restricted-imports': engineImports([...entries, ...lazy]) } },
);
