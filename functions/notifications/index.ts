import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as selfNote } from './notifications_self_note.js';
import { operation as list } from './notifications_list.js';
import { operation as get } from './notifications_get.js';

/** Operations of the notifications domain: one file per operation (functions/notifications/<operationId>.ts). */
export const notificationOperations: AnyOperation[] = [selfNote, list, get];
