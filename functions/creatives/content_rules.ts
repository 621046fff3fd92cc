import { contentRulesCallable } from '../../shared/mailing/content-check/background.js';
import { callableHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `contentRulesCallable` (shared/mailing/content-check/background.ts): its settings and grants are there. Not an API operation. */
export const handler = callableHandler(contentRulesCallable);
