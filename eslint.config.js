import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

const dirsIn = (folder) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const features = dirsIn('src/client/features');
const modules = dirsIn('src/server/modules');
const gradingVariants = {
  client: ['assignment', 'discussion', 'quiz'],
  server: ['assignments', 'discussions', 'quizzes'],
};

/** What any server module may import from another (src/server/modules/README.md says why). */
const moduleAllowList = [
  './auth/authenticate.ts',
  './audit',
  './usage',
  './profile/profile-store.ts',
  './canvas/canvas-access.ts',
  './contact/hand-to-mailer.ts',
  './institutions/institution-store.ts',
];

/**
 * Import boundaries by path, so relative imports are held to them as much as `@/` ones: shared ←
 * server, shared ← client; client layers; features never import each other (grading's variants
 * import its kernel only); server layers; the demo Canvas stands apart; modules import only the
 * allowed seams of other modules.
 */
const zones = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'src/shared is pure code for both sides.',
  },
  { target: './src/client', from: './src/server', message: 'The browser talks to the server only over HTTP.' },
  { target: './src/server', from: './src/client', message: 'The server never imports client code.' },
  {
    target: ['./src/client/ui', './src/client/lib'],
    from: ['./src/client/features', './src/client/routes', './src/client/components'],
    message: 'The design system and the client library sit below the app shell, features and routes.',
  },
  {
    target: './src/client/components',
    from: './src/client/features',
    // The signed-in menu signs out and greets through the auth and profile features.
    except: ['./auth/api', './profile/api'],
    message: 'The app shell does not import features; routes compose them.',
  },
  { target: './src/client/components', from: './src/client/routes', message: 'The app shell does not import routes.' },
  {
    target: './src/client/features',
    from: './src/client/routes',
    message: 'Routes compose features, not the other way round.',
  },
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Features never import each other; compose them in a route.',
  })),
  ...gradingVariants.client.map((variant) => ({
    target: `./src/client/features/grading/${variant}`,
    from: './src/client/features/grading',
    except: [`./${variant}`, './kernel'],
    message: 'A grading variant imports the grading kernel, never another variant.',
  })),
  {
    target: './src/client/features/grading/kernel',
    from: gradingVariants.client.map((variant) => `./src/client/features/grading/${variant}`),
    message: 'The grading kernel knows no variant.',
  },
  {
    target: ['./src/server/core', './src/server/db', './src/server/adapters'],
    from: './src/server/modules',
    message: 'Core, database and adapters sit below the modules.',
  },
  {
    target: './src/server/db',
    from: './src/server/core',
    message: 'The database sits below core (core/rate-limit.ts uses it); where files are is src/server/paths.ts.',
  },
  {
    target: ['./src/server/core', './src/server/db', './src/server/adapters', './src/server/modules'],
    from: ['./src/server/app.ts', './src/server/main.ts', './src/server/jobs'],
    message:
      'The composition root (app.ts) and the jobs sit above the modules: a module is handed what it uses (decision 029).',
  },
  {
    target: './src/server/adapters/ai',
    from: ['./src/server/modules', './src/shared/schemas'],
    message:
      'The AI adapter is a transport (decision 017): prompts, schemas, checks and offline paths belong to the feature that asks.',
  },
  {
    target: './src/server/demo-canvas',
    from: [
      './src/server/core',
      './src/server/db',
      './src/server/adapters',
      './src/server/modules',
      './src/server/app.ts',
      './src/server/config.ts',
    ],
    message: 'The demo Canvas is a separate application: it imports nothing of the product.',
  },
  ...modules.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: './src/server/modules',
    except: [...new Set([`./${module}`, ...moduleAllowList])],
    message: 'A module imports only the seams of other modules listed in src/server/modules/README.md.',
  })),
  {
    target: './src/server/modules/grading/kernel',
    from: gradingVariants.server.map((variant) => `./src/server/modules/grading/${variant}`),
    message: 'The grading kernel knows no variant.',
  },
];

/**
 * A grading variant imports the grading kernel, never another variant nor a drafter (it is handed
 * one); its tests may draft with a real drafter.
 */
const serverVariantZones = (isTest) =>
  gradingVariants.server.map((variant) => ({
    target: `./src/server/modules/grading/${variant}`,
    from: './src/server/modules/grading',
    except: [`./${variant}`, './kernel', ...(isTest ? ['./drafting'] : [])],
    message: 'A grading variant imports the grading kernel, never another variant.',
  }));

/**
 * Held by production code only: tests start the demo Canvas as a real HTTP peer, use the helpers,
 * and compare the two drafters.
 */
const productionZones = [
  {
    target: './src/server/modules/grading/drafting/offline',
    from: ['./src/server/adapters/ai', './src/server/modules/grading/drafting/model'],
    message:
      'The offline engine drafts without a model; grading chooses between them in drafting/grade-drafter.ts (decision 017).',
  },
  {
    target: './src/server/modules/grading/drafting/model',
    from: './src/server/modules/grading/drafting/offline',
    message: 'The model drafter and the offline engine are two drafters side by side; neither imports the other.',
  },
  {
    target: './src/server/modules/grading/kernel',
    from: './src/server/modules/grading/drafting',
    message: 'The grading kernel is plumbing: it knows the drafter port (kernel/drafter-port.ts), not the drafters.',
  },
  {
    target: ['./src/server/core', './src/server/db', './src/server/adapters', './src/server/modules'],
    from: './src/server/demo-canvas',
    message: 'The product reaches the demo Canvas over HTTP only (app.ts registers it).',
  },
  {
    target: './src',
    from: './src/server/test',
    message: 'Production code never imports test helpers.',
  },
];

const testFiles = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/server/test/**'];

const importBoundaries = [
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript preset tells import-x that .ts and .tsx are source: without it, import-x ignores
      // them and no-cycle never runs.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...zones, ...serverVariantZones(false), ...productionZones] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...serverVariantZones(true)] }] },
  },
  {
    // Every dependency is built once, in the composition root (decision 029).
    files: ['src/server/modules/**/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^create[A-Z]/]',
          message:
            'A route plugin builds nothing: app.ts builds stores, providers and adapters and passes them in the plugin options (decision 029).',
        },
      ],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['node:*'], message: 'The browser talks to the server only over HTTP.' }],
          paths: [
            {
              name: 'sonner',
              message:
                'Raise toasts through @/client/lib/toast: it puts the toaster on the page (the home page loads none).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/lib/toast.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'The browser talks to the server only over HTTP.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'fastify'], message: 'src/shared is pure code for both sides.' }] },
      ],
    },
  },
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
  ...importBoundaries,
);
