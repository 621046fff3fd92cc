import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { importBoundaries } from '../../tools/lint/rules/import-boundaries.mjs';

// svc/import-boundaries (tools/lint/rules/import-boundaries.mjs): what it lets through and what it reports.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const AREAS = ['platform', 'workspace', 'crm', 'mailing', 'research'];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
// Made-up files, named by their top folder and the rest, so that no literal here reads as a path of the
// repository (docs-links checks those); `up(n)` is n times '../'.
const at = (top: string, file: string) => join(process.cwd(), top, file);
const up = (n: number) => '../'.repeat(n);
const options = [{ areas: AREAS }];

tester.run('svc/import-boundaries', importBoundaries as never, {
  valid: [
    // Down and sideways: an area imports itself and the areas beneath it.
    { filename: at('shared', 'mailing/sending/consumer.ts'), code: `import { a } from '${up(2)}crm/audience/suppression.js';`, options },
    { filename: at('shared', 'mailing/sending/consumer.ts'), code: `import { a } from '${up(1)}senders/entities.js';`, options },
    { filename: at('shared', 'research/scoring/tasks.ts'), code: `import { a } from '${up(2)}mailing/tasks/entities.js';`, options },
    { filename: at('shared', 'crm/leads/leads.ts'), code: `export { a } from '${up(2)}platform/errors.js';`, options },
    { filename: at('shared', 'platform/http/pipeline.ts'), code: `const m = await import('${up(1)}registry/operation.js');`, options },
    // Packages, and files outside shared/, are not this rule's business.
    { filename: at('shared', 'platform/adapters/x.ts'), code: `import { S } from '@aws-sdk/client-sqs';`, options },
    { filename: at('functions', 'leads/leads_create.ts'), code: `import { a } from '${up(2)}shared/research/scoring/tasks.js';`, options },
    { filename: at('test', 'unit/x.test.ts'), code: `vi.mock('${up(2)}infra/local/local-deps.js');`, options },
  ],
  invalid: [
    // Up: platform imports no domain (adapters and data included), a domain no area above it.
    {
      filename: at('shared', 'platform/http/pipeline.ts'),
      code: `import { a } from '${up(2)}workspace/identity/authenticate.js';`,
      options,
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('shared', 'platform/data/entity.ts'),
      code: `import { a } from '${up(2)}crm/contacts/entities.js';`,
      options,
      errors: [{ messageId: 'upward' }],
    },
    { filename: at('shared', 'platform/adapters/x.ts'), code: `export * from '${up(2)}mailing/senders/imap.js';`, options, errors: [{ messageId: 'upward' }] },
    {
      filename: at('shared', 'workspace/tenancy/provision.ts'),
      code: `import '${up(2)}crm/pipelines/tenant-init.js';`,
      options,
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('shared', 'mailing/tasks/methods.ts'),
      code: `const s = await import('${up(2)}research/scoring/tasks.js');`,
      options,
      errors: [{ messageId: 'upward' }],
    },
    { filename: at('shared', 'crm/leads/x.ts'), code: `vi.mock('${up(2)}mailing/sending/items.js');`, options, errors: [{ messageId: 'upward' }] },
    // Out: shared/ never imports functions/ or infra/.
    {
      filename: at('shared', 'crm/leads/x.ts'),
      code: `import { operations } from '${up(3)}functions/registry.js';`,
      options,
      errors: [{ messageId: 'outward' }],
    },
    {
      filename: at('shared', 'research/enrichment/x.ts'),
      code: `import { d } from '${up(3)}infra/local/local-deps.js';`,
      options,
      errors: [{ messageId: 'outward' }],
    },
    // A folder of shared/ outside every area: the file itself, and an import into one.
    { filename: at('shared', 'loose/thing.ts'), code: 'export const a = 1;', options, errors: [{ messageId: 'noArea' }] },
    { filename: at('shared', 'crm/leads/x.ts'), code: `import { a } from '${up(3)}shared/loose/thing.js';`, options, errors: [{ messageId: 'noArea' }] },
  ],
});
