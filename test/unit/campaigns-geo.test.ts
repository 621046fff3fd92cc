import { describe, expect, it } from 'vitest';
import { countryCode, countryFromEmail, geoPolicyOf, GEO_SKIP_REASONS, sourceDisclosure } from '../../shared/mailing/campaigns/geo.js';

describe('campaign geo policy', () => {
  it('country from a code or a name, else unknown; ccTLD of an address (uk = GB, generic TLDs say nothing)', () => {
    expect(countryCode('de')).toBe('DE');
    expect(countryCode(' Germany ')).toBe('DE');
    expect(countryCode('Russian Federation')).toBe('RU');
    expect(countryCode('UK')).toBe('GB');
    expect(countryCode('Atlantis')).toBeNull();
    expect(countryCode(42)).toBeNull();
    expect(countryFromEmail('a@firma.at')).toBe('AT');
    expect(countryFromEmail('a@shop.co.uk')).toBe('GB');
    expect(countryFromEmail('a@example.com')).toBeNull();
  });

  it('US allowed, GDPR zone disclosed, DE/AT opt-in only, RU manual confirm, none unknown', () => {
    expect(geoPolicyOf('US')).toBe('allowed');
    expect(geoPolicyOf('BR')).toBe('allowed');
    expect(geoPolicyOf('FR')).toBe('gdpr_disclosed');
    expect(geoPolicyOf('GB')).toBe('gdpr_disclosed');
    expect(geoPolicyOf('DE')).toBe('opt_in_only');
    expect(geoPolicyOf('AT')).toBe('opt_in_only');
    expect(geoPolicyOf('RU')).toBe('manual_confirm');
    expect(geoPolicyOf(null)).toBe('unknown');
    expect(GEO_SKIP_REASONS).toEqual({ opt_in_only: 'geo_opt_in_only', manual_confirm: 'geo_manual_confirm' });
  });

  it('the GDPR footer names the source, escaped', () => {
    expect(sourceDisclosure({ kind: 'import', sourceUrl: 'https://x.test/<b>' })).toContain('import (https://x.test/&lt;b&gt;)');
    expect(sourceDisclosure(undefined)).toContain('a business directory');
  });
});
