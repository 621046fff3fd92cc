import * as z from 'zod';
import { pageQuery as sharedPageQuery } from '../../platform/http/paging.js';
import { EVENT_KINDS } from '../../platform/events/outbox.js';
import { DELIVERY_STATUSES } from './deliveries.js';
import { SECRET_MAX, SECRET_MIN, SECRET_PATTERN } from './subscriptions.js';

export const webhookUrl = z.string().trim().min(1).max(2048);
export const webhookEvents = z.array(z.enum(EVENT_KINDS)).min(1).max(EVENT_KINDS.length);
export const webhookSecret = z
  .string()
  .min(SECRET_MIN, `secret must be longer than or equal to ${SECRET_MIN} characters`)
  .max(SECRET_MAX, `secret must be shorter than or equal to ${SECRET_MAX} characters`)
  .regex(SECRET_PATTERN, 'secret must be printable ASCII without spaces');

export const idPath = z.strictObject({ id: z.string().min(1).max(128) });
export const pageQuery = sharedPageQuery(100, 20);
export const deliveriesQuery = z.strictObject({ status: z.enum(DELIVERY_STATUSES).optional(), ...pageQuery });
