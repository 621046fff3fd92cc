// Types of the local ESLint plugin, for the TypeScript tests that run its rules (test/unit/lint-import-boundaries.test.ts).
import type { ESLint, Rule } from 'eslint';

export declare const importBoundaries: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
