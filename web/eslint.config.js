// The console's lint: ESLint's and TypeScript's recommended rules and the rules of hooks; `npm run lint` in CI.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The rules of hooks; the React Compiler's rules (refs, setState in effects) are left out: the console
      // does not use the compiler, and its keep-alive outlet keeps rendered pages in a ref on purpose.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Chinese text spaces with U+3000 on purpose.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Vitest's globals (describe, it, vi…) are declared by its types; the browser's by TypeScript's lib.
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-undef': 'off' },
  },
);
