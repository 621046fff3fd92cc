// The project's ESLint config (flat). Lives in the lint workspace so that `typescript-eslint` resolves
// next to its own TypeScript 5.9 (the project compiles with TypeScript 7, which has no JS API).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svc from './rules/import-boundaries.mjs';

const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'fetch',
    'AbortController',
    'TextEncoder',
    'TextDecoder',
    'structuredClone',
    'queueMicrotask',
    'globalThis',
  ].map((g) => [g, 'readonly']),
);

const ENV_IMPORTS = ['process', 'node:process'].map((name) => ({
  name,
  importNames: ['env'],
  message: 'Read settings from deps.config (shared/platform/runtime/config.ts).',
}));
const HTML_PARSERS = ['cheerio', 'cheerio/slim', 'cheerio/utils', 'htmlparser2', 'parse5', 'html-to-text', 'domhandler', 'node-html-parser'];
const HTML_PARSER_IMPORTS = HTML_PARSERS.map((name) => ({
  name,
  message: 'Parse HTML through shared/platform/html/parse.ts (loadHtml) or plain-text.ts (plainTextConverter): they check nesting and size first.',
}));

// Import boundaries (docs/architecture.md, "Layout"): the areas of shared/, bottom to top. An area imports
// only itself and the areas beneath it, and shared/ never imports functions/ or infra/ (rules/import-boundaries.mjs).
const AREAS = ['platform', 'workspace', 'crm', 'mailing', 'research'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'cdk.out/**', '.data/**', '.tmp/**', 'coverage/**', '**/*.d.ts', 'web/dist/**', 'web/.dist-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: nodeGlobals },
    rules: {
      // Omitting fields by destructuring (`const { pk, sk, ...view } = item`) is how items become views;
      // `_`-prefixed names mark deliberately unused parameters and values.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' },
      ],
      // Off: one-line side effects written as comma sequences (`if (x) (a.push(v), n++)`) are house style
      // across the codebase, and the rule cannot allow sequences while still catching anything useful.
      '@typescript-eslint/no-unused-expressions': 'off',
      // Off: `any` appears where per-operation types are erased on purpose at the registry boundary
      // (AnyOperation, Input<any>, entity generics) and around untyped SDK payloads; `tsc --strict` is the type gate.
      '@typescript-eslint/no-explicit-any': 'off',
      // Off: address and header syntax checks match control characters on purpose (to refuse them).
      'no-control-regex': 'off',
    },
  },
  {
    // One config: the environment is read once, in shared/platform/runtime/config.ts (`configFromEnv` → `deps.config`).
    // The domain, the operations and the local workers take their settings from `deps.config`; only
    // entry points (infra/local/runtime.ts, the CDK app, scripts, tests) may touch process.env.
    files: ['shared/**/*.ts', 'functions/**/*.ts', 'infra/local/*-worker.ts', 'infra/local/mail-sandbox/**/*.ts'],
    ignores: ['shared/platform/runtime/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from deps.config; add the variable to Config in shared/platform/runtime/config.ts (and the README table).',
        },
      ],
      // Issue 27: an unbounded parse froze the event loop for minutes; every parse goes through the bounds.
      'no-restricted-imports': ['error', ...ENV_IMPORTS, ...HTML_PARSER_IMPORTS],
    },
  },
  {
    // The one module that may import the HTML parsers (shared/platform/html/parse.ts, behind the bounds of
    // shared/platform/html/bounds.ts). (ESLint replaces a rule's options per matching block, so it states all of them.)
    files: ['shared/platform/html/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', ...ENV_IMPORTS] },
  },
  {
    files: ['shared/**/*.{ts,tsx,mts,mjs}'],
    plugins: { svc },
    rules: { 'svc/import-boundaries': ['error', { areas: AREAS }] },
  },
);
