import { ConditionFailed, type Key } from '../../platform/ports/table-store.js';
import type { TenantMigration } from './runner.js';

/**
 * The `entity` stamps written before every entity name was snake_case, and the names that replaced
 * them. Frozen with the migration (a released migration never changes): each entity declares its
 * former name (`formerly`, which its `is` still accepts), and test/unit/data-entities-declared.test.ts
 * checks that every such name is here.
 */
export const FORMER_ENTITY_NAMES: Readonly<Record<string, string>> = {
  CHANNEL: 'channel',
  CHANNEL_MARKER: 'channel_marker',
  COMPANY_CONTACT: 'company_contact',
  CONTACT: 'contact',
  CONTACT_LIST: 'contact_list',
  CONTACT_LIST_MEMBER: 'contact_list_member',
  DSAR: 'dsar',
  IMPORT_MARKER: 'import_marker',
  LEAD: 'lead',
  STOPLIST: 'stoplist',
  SUPPRESSION: 'suppression',
  deliverabilityCell: 'deliverability_cell',
  emailAccount: 'email_account',
  emailAccountAddress: 'email_account_address',
  mailboxBounceWindow: 'mailbox_bounce_window',
  senderDay: 'sender_day',
  trackingDomain: 'tracking_domain',
  workspaceSetting: 'workspace_setting',
  // Platform-table entities: the migration runs on the platform table too.
  oauthState: 'oauth_state',
  wipeJob: 'wipe_job',
};

const PAGE = 100;
const FORMER = Object.keys(FORMER_ENTITY_NAMES);
const anyFormer = {
  expression: `#entity IN (${FORMER.map((_, i) => `:f${i}`).join(', ')})`,
  names: { '#entity': 'entity' },
  values: Object.fromEntries(FORMER.map((name, i) => [`:f${i}`, name])),
};

/**
 * One casing of the `entity` stamp: items stamped with a former name (`LEAD`, `emailAccount`) get
 * the snake_case one. A table has no index by entity, so a step reads one page of the table itself
 * (Scan, 100 items, the ones with a former name kept) from the key after the last one read, and
 * rewrites each stamp only if it is still the former name (a repeat, or an item deleted or rewritten
 * meanwhile, writes nothing). At most 100 reads and 100 conditional writes per step.
 */
export const entityNameCasing: TenantMigration = {
  name: 'entity_name_casing',
  platform: true,
  async step(table, after) {
    const page = await table.scan({ limit: PAGE, filter: anyFormer, ...(after ? { startAfter: JSON.parse(after) as Key } : {}) });
    let changed = 0;
    for (const item of page.items) {
      const former = String(item.entity);
      try {
        await table.update(
          { pk: String(item.pk), sk: String(item.sk) },
          {
            set: { entity: FORMER_ENTITY_NAMES[former] },
            condition: { expression: '#entity = :former', names: { '#entity': 'entity' }, values: { ':former': former } },
          },
        );
        changed++;
      } catch (e) {
        if (!(e instanceof ConditionFailed)) throw e;
      }
    }
    return { changed, next: page.next ? JSON.stringify(page.next) : undefined };
  },
};
