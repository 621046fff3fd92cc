import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as list } from './tenants_list.js';
import { operation as membersList } from './tenants_members_list.js';
import { operation as membersAdd } from './tenants_members_add.js';
import { operation as membersRemove } from './tenants_members_remove.js';
import { operation as invitationsAccept } from './tenants_invitations_accept.js';
import { operation as invitationsPreview } from './tenants_invitations_preview.js';

/** Workspaces and memberships: one file per operation (functions/tenants/<operationId>.ts). */
export const tenantOperations: AnyOperation[] = [list, membersList, membersAdd, membersRemove, invitationsPreview, invitationsAccept];
