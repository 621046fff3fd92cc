import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The one ASL file of campaign recipients, deployed by CDK and run by the local runner. */
export const CAMPAIGN_RECIPIENTS_ASL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../statemachines/campaign-recipients.asl.json');
export const LOCAL_CAMPAIGN_STEP_ARN = 'arn:aws:lambda:us-east-1:000000000000:function:campaign-step';
export const readCampaignRecipientsAsl = () => readFileSync(CAMPAIGN_RECIPIENTS_ASL, 'utf8');
