// ESLint (flat config): the config and its toolchain live in the tools/lint workspace (see there why).
export { default } from './tools/lint/eslint.config.mjs';
