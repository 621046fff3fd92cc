import type { AnyOperation } from '../../shared/registry/operation.js';
import { operation as list } from './dialogs_list.js';
import { operation as thread } from './DialogsController_getThread.js';
import { operation as classify } from './DialogsController_classifyReply.js';
import { operation as draft } from './DialogsController_generateReply.js';
import { operation as reply } from './DialogsController_reply.js';
import { operation as lead } from './DialogsController_createLead.js';
import { operation as compose } from './dialogs_compose.js';
import { operation as sync } from './dialogs_sync.js';
import { operation as forward } from './dialogs_forward.js';

/** Operations of the dialogs domain (the two-way inbox). */
export const dialogOperations: AnyOperation[] = [list, thread, classify, draft, reply, forward, lead, compose, sync];
