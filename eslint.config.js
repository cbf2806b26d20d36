/**
 * ESLint (flat config): JavaScript and typescript-eslint recommended rules, the React hooks rules,
 * and the engine's public entries as the only way into engine/ from screens/ and test/.
 * Formatting is Prettier's job (package.json "prettier"); no rule here checks layout.
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The engine's public entries; everything else under engine/ is internal to it. */
const PUBLIC_ENGINE_ENTRIES = ['index', 'react/index', 'validate/index', 'payments/index'];

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
    files: ['screens/**', 'test/**'],
    rules: {
      // a warning while the public entries are being completed; to become an error
      'no-restricted-imports': [
        'warn',
        {
          patterns: [
            {
              regex: `(^|/)engine/(?!(${PUBLIC_ENGINE_ENTRIES.join('|')})(\\.tsx?)?$)`,
              message: `Import the engine from its public entries only: ${PUBLIC_ENGINE_ENTRIES.map((e) => `engine/${e}.ts`).join(', ')}.`,
            },
          ],
        },
      ],
    },
  },
);
