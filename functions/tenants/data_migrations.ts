import { dataMigrations } from '../../shared/migrations/background.js';
import { onceHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `dataMigrations` (shared/migrations/background.ts): invoked by its CloudFormation custom resource at deploy, or by hand. Not an API operation. */
export const handler = onceHandler(dataMigrations);
