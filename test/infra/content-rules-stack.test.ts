import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { contentRulesCallable } from '../../shared/mailing/content-check/background.js';
import { actions, stackUnderTest } from '../support/stack-grants.js';
import { bundleInputs, operationBundleInputs } from '../support/bundle-inputs.js';

// The content rules on AWS: their own Lambda (the callable `content_rules`), invoked by the content check
// and the audit of submitted renders and by nobody else, on that function alone; it bundles the rules'
// public suffix list and HTML parsing so that those two operations do not (issue 25).
const { stack: stackOf, grantsOf, invokes } = stackUnderTest();
const invokesOfRules = (fn: LambdaFunction) => invokes(fn).filter((s) => /ContentRules/.test(JSON.stringify(s.Resource)));

const rulesFunction = () => stackOf().node.findChild('ContentRules') as LambdaFunction;
const CALLERS = ['ContentAnalyzerController_check', 'campaigns_submit_rendered_emails'];

describe('the content rules on AWS', () => {
  it('are their own Lambda (functions/creatives/content_rules.ts), 29 s and 512 MB as the check, outside any VPC, and may write no table, invoke nothing, send nothing', () => {
    const { resource, statements } = grantsOf(rulesFunction());
    expect(resource.Properties.Timeout).toBe(29);
    expect(resource.Properties.MemorySize).toBe(512);
    expect(resource.Properties.VpcConfig).toBeUndefined();
    const check = grantsOf(stackOf().operationFunction('ContentAnalyzerController_check')).resource;
    expect(check.Properties.VpcConfig).toBeUndefined();
    const all = statements.flatMap(actions);
    expect(
      all.filter((a) => !['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'].includes(a)),
    ).toEqual([]);
    expect(JSON.stringify(statements)).not.toContain('tenant-');
  });

  it('are invoked by the check and the submit only, with lambda:InvokeFunction on their function alone and its name as FUNCTION_NAME_CONTENT_RULES', () => {
    for (const id of CALLERS) {
      const fn = stackOf().operationFunction(id);
      const lambda = invokesOfRules(fn);
      expect(lambda.flatMap(actions), id).toEqual(['lambda:InvokeFunction']);
      expect(JSON.stringify(lambda[0].Resource), id).not.toContain('*');
      expect(Object.keys(grantsOf(fn).env), id).toContain('FUNCTION_NAME_CONTENT_RULES');
    }
    for (const [id, fn] of stackOf().functions) {
      if (CALLERS.includes(id)) continue;
      expect(invokesOfRules(fn), id).toEqual([]);
      expect(Object.keys(grantsOf(fn).env), id).not.toContain('FUNCTION_NAME_CONTENT_RULES');
    }
  });

  it('bundle tldts and entities; the operations that call them bundle neither', { timeout: 180_000 }, async () => {
    const rules = (await bundleInputs('functions/creatives/content_rules.ts', contentRulesCallable.resources)).packages;
    for (const p of ['tldts', 'entities']) expect(rules.has(p), p).toBe(true);
    for (const id of [...CALLERS, 'campaigns_test_task_create']) {
      const { packages } = await operationBundleInputs(id);
      for (const p of ['tldts', 'tldts-core', 'entities']) expect(packages.has(p), `${id} ${p}`).toBe(false);
    }
  });
});
