import { defineCallable } from '../../platform/registry/background.js';
import type { ContentRulesCall, ContentRulesReply } from './remote.js';
import { runContentRules } from './rules-worker.js';

/**
 * `content_rules`: the content rules of rendered emails (remote.ts: several per call), called and waited
 * for by the content check and the audit of submitted renders. 29 s and 512 MB, as its callers had (the check's
 * parse budget is 15 s). No resources: it reads nothing and reaches nothing (spamd stays with the check, which is off in
 * Lambda), beyond the read on the platform table every function gets.
 */
export const contentRulesCallable = defineCallable<ContentRulesCall, ContentRulesReply>({
  name: 'content_rules',
  tag: 'creatives',
  timeout: 29,
  memorySize: 512,
  resources: [],
  handler: runContentRules,
});
