import { dataMigrations } from '../data-migrations.js';
import { onceHandler } from '../background-handlers.js';

/** Lambda entry of the declaration `dataMigrations` (functions/data-migrations.ts): invoked by its CloudFormation custom resource at deploy, or by hand. Not an API operation. */
export const handler = onceHandler(dataMigrations);
