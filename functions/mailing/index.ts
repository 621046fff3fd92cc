import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as approve } from './MailingController_approve.js';
import { operation as reject } from './mailing_reject.js';
import { operation as approvalsList } from './mailing_approvals_list.js';
import { operation as unsubscribePage } from './mailing_unsubscribe_page.js';
import { operation as unsubscribe } from './mailing_unsubscribe.js';
import { operation as trackOpen } from './mailing_track_open.js';
import { operation as trackClick } from './mailing_track_click.js';

/** Operations of the mailing domain: approval (and rejection) of mailing tasks, the approvals queue, and the public ends of email links. */
export const mailingOperations: AnyOperation[] = [approve, reject, approvalsList, unsubscribePage, unsubscribe, trackOpen, trackClick];
