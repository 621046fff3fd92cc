import type { ChannelType } from './entities.js';

/** Where a contact came from; DSAR "where did you get my address" answers from this. */
export type SourceKind = 'import' | 'crawl' | 'form' | 'manual';
export interface ContactSource {
  kind: SourceKind;
  sourceUrl?: string;
  collectedAt?: string;
  importId?: string;
}

export interface Channel {
  type: ChannelType;
  value: string;
  /** The first contact of the tenant that holds this value, when it is not this one. */
  duplicateOf?: string;
  addedAt: string;
}

/** Plain contact fields (email and phone are channels, never fields). */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'position', 'personalEmail', 'linkedin'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface Contact {
  id: string;
  firstName?: string;
  lastName?: string;
  position?: string;
  personalEmail?: string;
  linkedin?: string;
  companyId?: string;
  /** Primary email and phone: the first channel of each type. */
  email?: string;
  phone?: string;
  channels: Channel[];
  customFields: Record<string, unknown>;
  source: ContactSource;
  createdAt: string;
  updatedAt: string;
}

/** What a create accepts: the contact's own fields, plus email/phone that become its first channels. */
export type ContactInput = Partial<Pick<Contact, ContactField | 'companyId' | 'email' | 'phone' | 'customFields'>> & { source?: Partial<ContactSource> };
