import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  // What .gitignore leaves out: built, downloaded or recorded, not written by hand.
  globalIgnores([
    'node_modules/',
    'build/',
    'public/build/',
    'data/',
    'test-results/',
    'playwright-report/',
    '.cache/',
    'bench/results/',
    'bench/reference/build/',
    'bench/reference/public/build/',
    'bench/reference/.cache/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `const { type: _type, ...rest } = input` is how a key is left out of a copy; an argument
      // named `_x` is one a signature needs and the body does not.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Every JavaScript file here runs in Node (tools, benchmarks, the test runner, the PGlite
    // worker, config). TypeScript files need no globals: tsc checks their names.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
