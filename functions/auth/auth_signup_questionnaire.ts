import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { submitQuestionnaire } from '../../shared/workspace/accounts-register/questionnaire.js';
import { lambdaHandler } from '../lambda.js';
import { auth_signup_questionnaireOutput } from './outputs.js';

const country = z.string().regex(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code' });

const QuestionnaireBody = z.strictObject({
  signup_token: z.string().min(1).max(200),
  companyName: z.string().trim().min(1).max(200),
  website: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  jobTitle: z.string().trim().max(120).optional(),
  companySize: z.enum(['1-10', '11-50', '51-200', '201-1000', '1000+']).optional(),
  country: country.optional(),
  phone: z.string().trim().max(40).optional(),
  useCase: z.string().trim().min(1).max(2000),
  targetCountries: z.array(country).max(50).optional(),
  expectedMonthlyVolume: z.number().int().min(0).max(10_000_000).optional(),
  contactSource: z.string().trim().min(1).max(1000),
  b2bOnly: z.boolean(),
});

export const operation = defineOperation({
  operationId: 'auth_signup_questionnaire',
  method: 'POST',
  path: '/api/auth/signup-questionnaire',
  tag: 'auth',
  summary: 'Submit the signup questionnaire of a PENDING registration',
  description:
    'Body: signup_token (from the verify-email redirect) plus {companyName, website?, jobTitle?, companySize? (1-10 | 11-50 | 51-200 | 201-1000 | 1000+), country?, phone?, ' +
    'useCase, targetCountries? (ISO alpha-2), expectedMonthlyVolume?, contactSource, b2bOnly}. The domain/MX/HTTP checks run at once; answers and results are saved ' +
    'and the platform admin is emailed. The account stays PENDING until an admin approves. A resubmission overwrites the earlier answers (revision grows).',
  output: auth_signup_questionnaireOutput,
  access: 'public',
  mcp: false,
  input: { body: QuestionnaireBody },
  maxBodyBytes: 64 * 1024,
  resources: ['platformMail', 'platformTable:write'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => {
    const { signup_token, ...answers } = body;
    return submitQuestionnaire(ctx.deps, signup_token, answers);
  },
});

export const handler = lambdaHandler(operation);
