import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Imports flow one way: shared ← server, shared ← client; features never import each other. */
const importDirection = [
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/client/*', '@/server/*', 'react', 'fastify'], message: 'src/shared is pure code for both sides.' }] }],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/server/*', 'node:*'], message: 'The browser talks to the server only over HTTP.' }] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/client/*'], message: 'The server never imports client code.' }] }],
    },
  },
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/*', 'node:*'], message: 'The browser talks to the server only over HTTP.' },
            {
              group: features.filter((other) => other !== feature).map((other) => `@/client/features/${other}/*`),
              message: 'Features never import each other; compose them in a route.',
            },
            { group: ['@/client/routes/*'], message: 'Routes compose features, not the other way round.' },
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Benchmarks and scripts report to the terminal.
    files: ['bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  ...importDirection,
);
