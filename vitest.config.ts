import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/sequencer.js';

/**
 * The infra files that read the one synthesized CDK app (test/support/svc-app.ts). Building it costs
 * 15-20 s of a 2-core CI machine; without isolation a worker builds it once for all of these files.
 * They only read the app and start nothing that outlives them; they use no DynamoDB, so no global setup.
 */
const CDK_APP_FILES = [
  'test/infra/stack.test.ts',
  'test/infra/background-parity.test.ts',
  'test/infra/campaigns-stack.test.ts',
  'test/infra/creatives-stack.test.ts',
  'test/infra/enrichment-stack.test.ts',
  'test/infra/web-app-stack.test.ts',
  'test/infra/webhooks-stack.test.ts',
  'test/infra/senders-stack.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 3,
    // The longest files start first (test/support/sequencer.ts): the run no longer ends on one of them.
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'silent' },
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          // DynamoDB Local, the test servers' folder, the Dovecot preflight, the web build: the cdk-app files need none of them.
          globalSetup: ['test/support/global-setup.ts'],
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/bench/**', 'node_modules/**', ...CDK_APP_FILES],
        },
      },
      { extends: true, test: { name: 'cdk-app', include: CDK_APP_FILES, isolate: false } },
    ],
  },
});
