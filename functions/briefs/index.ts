import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as intake } from './briefs_intake.js';
import { operation as get } from './briefs_get.js';
import { operation as list } from './briefs_list.js';
import { operation as expert } from './briefs_expert.js';
import { operation as schemas } from './BriefsController_getSchemas.js';
import { operation as updateContent } from './BriefsController_updateContent.js';
import { operation as updateVariables } from './BriefsController_updateVariables.js';
import { operation as setLocks } from './BriefsController_setLocks.js';
import { operation as revisions } from './BriefsController_listRevisions.js';
import { operation as memory } from './BriefMemoryController_create.js';

/** Operations of the briefs domain: one file per operation (functions/briefs/<operationId>.ts). */
export const briefOperations: AnyOperation[] = [intake, get, list, expert, schemas, updateContent, updateVariables, setLocks, revisions, memory];
