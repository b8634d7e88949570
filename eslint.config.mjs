// ESLint over the TypeScript of src/, scripts/, test/ and client/: typescript-eslint's
// type-aware recommended rules, plus the promise rules (a promise nobody awaits loses its
// error; an async function where a callback's result is ignored loses its rejection) and
// type-only imports written as such (they vanish from the emitted JavaScript).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'client/dist/**', 'src/generated/**', 'client/src/generated/**', 'node_modules/**', 'coverage/**', 'data/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Tests read JSON answers whose shape the assertion itself checks (`expect(body).toEqual(…)`): typing
    // each answer first would restate every expectation, so the any-typed reads are allowed there alone.
    files: ['test/**/*.ts', 'scripts/browser/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
