import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as create } from './sequences_create.js';
import { operation as list } from './sequences_list.js';
import { operation as get } from './sequences_get.js';
import { operation as enroll } from './SequencesController_enroll.js';
import { operation as enrolments } from './sequences_enrolments_list.js';
import { operation as enrolment } from './sequences_enrolments_get.js';

/** Operations of follow-up sequences. */
export const sequenceOperations: AnyOperation[] = [create, list, get, enroll, enrolments, enrolment];
