import * as z from 'zod';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { leads_createOutput } from '../leads/outputs.js';

/** A lead promoted from a dialog: the created lead with the dialog it came from. */
export const createLeadOutput = checkedOutput(
  leads_createOutput.extend({
    dialogId: z.string().describe('The dialog the lead was promoted from (also its sourceRef)'),
    thread: z
      .looseObject({ dialogId: z.string(), messageCount: z.number(), rootMessageId: z.string().nullable() })
      .describe('The dialog thread attached to the lead'),
  }),
);
