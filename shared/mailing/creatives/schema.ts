import * as z from 'zod';

export const EMAIL_TYPES = ['EMAIL', 'ATTACHMENT'] as const;
export const CHANNEL_TYPES = ['FORM', 'VK', 'TELEGRAM', 'WHATSAPP', 'LINKEDIN'] as const;
export const CREATIVE_TYPES = [...EMAIL_TYPES, ...CHANNEL_TYPES] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];
export const isChannelType = (t: string) => (CHANNEL_TYPES as readonly string[]).includes(t);

/** Moderation of channel creatives (spec state table); email creatives carry null. */
export type ModerationStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export const MAX_BODY_CHARS = 200_000;
export const MAX_SUBJECT_CHARS = 998;

/** `formConfig.pdf_image_variation` (spec): which `data-photo` images vary per recipient and how. */
export const pdfImageVariationSchema = z.strictObject({
  enabled: z.boolean().describe('Vary the listed photos per recipient in PDFs'),
  intensity: z.number().min(0).max(2).default(1).describe('0..2, 1 recommended'),
  imageIds: z.array(z.string().min(1).max(100)).max(50).default([]).describe('Ids from data-photo attributes in bodyHtml'),
  brightness: z.boolean().default(true),
  contrast: z.boolean().default(true),
  saturation: z.boolean().default(true),
  scale: z.boolean().default(false),
});
export type PdfImageVariation = z.infer<typeof pdfImageVariationSchema>;

export const formConfigSchema = z
  .looseObject({ pdf_image_variation: pdfImageVariationSchema.optional() })
  .refine((v) => JSON.stringify(v).length <= 20_000, 'formConfig must be at most 20000 characters as JSON');

const fields = {
  name: z.string().trim().min(1).max(300),
  subject: z.string().max(MAX_SUBJECT_CHARS),
  bodyHtml: z.string().max(MAX_BODY_CHARS),
  briefId: z.string().min(1).max(64).nullable(),
  attachmentCreativeId: z.string().min(1).max(64).nullable(),
  attachmentUrl: z.string().url().max(2000).nullable(),
  formConfig: formConfigSchema.nullable(),
};

export const creativeCreateSchema = z.strictObject({
  name: fields.name,
  type: z.enum(CREATIVE_TYPES).default('EMAIL'),
  subject: fields.subject.optional(),
  bodyHtml: fields.bodyHtml,
  briefId: fields.briefId.optional(),
  attachmentCreativeId: fields.attachmentCreativeId.optional(),
  attachmentUrl: fields.attachmentUrl.optional(),
  formConfig: fields.formConfig.optional(),
});
export type CreativeCreateInput = z.infer<typeof creativeCreateSchema>;

export const creativeUpdateSchema = z.strictObject({
  name: fields.name.optional(),
  subject: fields.subject.optional(),
  bodyHtml: fields.bodyHtml.optional(),
  briefId: fields.briefId.optional(),
  attachmentCreativeId: fields.attachmentCreativeId.optional(),
  attachmentUrl: fields.attachmentUrl.optional(),
  formConfig: fields.formConfig.optional(),
});
export type CreativeUpdateInput = z.infer<typeof creativeUpdateSchema>;

export interface CreativeView {
  id: string;
  name: string;
  type: CreativeType;
  subject: string;
  bodyHtml: string;
  briefId: string | null;
  moderationStatus: ModerationStatus | null;
  attachmentCreativeId: string | null;
  attachmentUrl: string | null;
  formConfig: Record<string, unknown> | null;
  /** Incremented on every change of subject or bodyHtml: the send engine compares it with the approved one. */
  contentVersion: number;
  /** Variable names the subject and body use. */
  variables: string[];
  createdAt: string;
  updatedAt: string;
}

/** The output schema of operations that return one creative. */
export const creativeOutput = z.looseObject({
  id: z.string().describe('Creative id'),
  name: z.string(),
  type: z.enum(CREATIVE_TYPES).describe('EMAIL or ATTACHMENT; channel creatives FORM, VK, TELEGRAM, WHATSAPP, LINKEDIN'),
  subject: z.string().describe('Template: spintax {a|b} and {{var|fallback}}'),
  bodyHtml: z.string().describe('Template, same syntax as subject'),
  briefId: z.string().nullable(),
  moderationStatus: z.enum(['PENDING', 'APPROVED', 'REJECTED']).nullable().describe('Channel creatives only; null for email creatives'),
  attachmentCreativeId: z.string().nullable().describe('Stored only: attaches nothing on any email path'),
  attachmentUrl: z.string().nullable().describe('Stored only: attaches nothing on any email path'),
  formConfig: z.record(z.string(), z.unknown()).nullable(),
  contentVersion: z.number().describe('Incremented on every change of subject or bodyHtml (content drift resets a task approval)'),
  variables: z.array(z.string()).describe('Variable names used by subject and bodyHtml'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
