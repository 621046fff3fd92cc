import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as list } from './dialogs_list.js';
import { operation as thread } from './DialogsController_getThread.js';
import { operation as attachment } from './DialogsController_getAttachment.js';
import { operation as messageDocument } from './dialogs_message_document.js';
import { operation as classify } from './DialogsController_classifyReply.js';
import { operation as draft } from './DialogsController_generateReply.js';
import { operation as reply } from './DialogsController_reply.js';
import { operation as lead } from './DialogsController_createLead.js';
import { operation as compose } from './dialogs_compose.js';
import { operation as sync } from './dialogs_sync.js';
import { operation as syncStatus } from './dialogs_sync_status.js';
import { operation as forward } from './dialogs_forward.js';
import { operation as outboxHistory } from './dialogs_outbox_history.js';
import { operation as skipPreview } from './dialogs_outbox_skip_preview.js';
import { operation as skip } from './dialogs_outbox_skip.js';

/** Operations of the dialogs domain: the two-way inbox, and the outbox of a campaign's sends (history, skip). */
export const dialogOperations: AnyOperation[] = [
  list,
  thread,
  messageDocument,
  attachment,
  classify,
  draft,
  reply,
  forward,
  lead,
  compose,
  sync,
  syncStatus,
  outboxHistory,
  skipPreview,
  skip,
];
