import type { PdfImageVariation } from '../schema.js';
import { fnv1a } from '../template.js';

/**
 * Photo variation of per-recipient PDFs. Only `<img data-photo="<id>">` whose id is listed in
 * `imageIds` is varied; an image marked `data-role="logo|qr|drawing|signature|seal"` is never
 * varied, even when listed (logos, QR codes, drawings, signatures and seals must stay exact).
 * The change is a CSS filter/transform applied in the page before printing, derived from
 * (seed, image id), so the same recipient always gets the same picture.
 */
export const PROTECTED_ROLES = ['logo', 'qr', 'drawing', 'signature', 'seal'] as const;

export interface PhotoStyle {
  photoId: string;
  filter: string;
  transform: string;
}

/** A value in [-1, -0.3] ∪ [0.3, 1]: always a visible change, never a no-op. */
function unit(seed: number, salt: string): number {
  const h = fnv1a(`${seed}:${salt}`);
  const u = (h / 0xffffffff) * 2 - 1;
  return Math.sign(u || 1) * (0.3 + 0.7 * Math.abs(u));
}

export function photoStyles(seed: number, v: PdfImageVariation | undefined): PhotoStyle[] {
  if (!v?.enabled || !v.imageIds?.length) return [];
  const k = Math.max(0, Math.min(2, v.intensity ?? 1));
  if (k === 0) return [];
  return v.imageIds.map((photoId) => {
    const f = (name: string, amp: number) => (1 + amp * k * unit(seed, `${photoId}:${name}`)).toFixed(3);
    const filters = [
      v.brightness !== false ? `brightness(${f('b', 0.08)})` : '',
      v.contrast !== false ? `contrast(${f('c', 0.08)})` : '',
      v.saturation !== false ? `saturate(${f('s', 0.15)})` : '',
    ].filter(Boolean);
    const scale = v.scale ? `scale(${(1 + 0.03 * k * Math.abs(unit(seed, `${photoId}:k`))).toFixed(3)})` : '';
    return { photoId, filter: filters.join(' '), transform: scale };
  });
}
