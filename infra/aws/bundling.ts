/** esbuild options shared by CDK (NodejsFunction) and the bundle-size benchmark. */
export const LAMBDA_BUNDLING = {
  minify: true,
  sourceMap: false,
  target: 'node22',
  format: 'esm' as const,
  mainFields: ['module', 'main'],
  externalModules: ['@aws-sdk/*'],
  // ESM bundles still meet CommonJS dependencies that call require().
  banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
};
