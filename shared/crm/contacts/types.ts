import type * as z from 'zod';
import type { OutputOf } from '../../platform/data/entity.js';
import type { ContactEntity, SOURCE_KINDS, contactChannel } from './entities.js';

export type SourceKind = (typeof SOURCE_KINDS)[number];
export type ContactSource = Contact['source'];
export type Channel = z.infer<typeof contactChannel>;

/** Plain contact fields (email and phone are channels, never fields). */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'position', 'personalEmail', 'linkedin'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A contact as the API answers it (declared once, on ContactEntity). */
export type Contact = OutputOf<typeof ContactEntity>;

/** What a create accepts: the contact's own fields, plus email/phone that become its first channels. */
export type ContactInput = Partial<Pick<Contact, ContactField | 'companyId' | 'email' | 'phone' | 'customFields'>> & { source?: Partial<ContactSource> };
