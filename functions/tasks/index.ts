import type { AnyOperation } from '../../shared/registry/operation.js';
import { operation as create } from './tasks_create.js';
import { operation as get } from './tasks_get.js';
import { operation as list } from './tasks_list.js';
import { operation as start } from './tasks_start.js';
import { operation as pause } from './tasks_pause.js';
import { operation as resume } from './tasks_resume.js';
import { operation as cancel } from './tasks_cancel.js';
import { operation as items } from './tasks_items.js';

/** Operations of the tasks domain (mailing tasks; scoring tasks are created through tasks_create too). */
export const taskOperations: AnyOperation[] = [create, get, list, start, pause, resume, cancel, items];
