import { currentLocale, rightToLeft } from './language';

/**
 * The countries of the address dialog and the phone field's dialling codes. No maintained country
 * package is among our dependencies, so this short list is ours: ISO 3166 code, English name,
 * calling code. Add a country here when a clinic needs it.
 */
export const countries = [
  { code: 'AR', name: 'Argentina', dial: '+54' },
  { code: 'AU', name: 'Australia', dial: '+61' },
  { code: 'AT', name: 'Austria', dial: '+43' },
  { code: 'BE', name: 'Belgium', dial: '+32' },
  { code: 'BR', name: 'Brazil', dial: '+55' },
  { code: 'CA', name: 'Canada', dial: '+1' },
  { code: 'CL', name: 'Chile', dial: '+56' },
  { code: 'CN', name: 'China', dial: '+86' },
  { code: 'CO', name: 'Colombia', dial: '+57' },
  { code: 'CZ', name: 'Czechia', dial: '+420' },
  { code: 'DK', name: 'Denmark', dial: '+45' },
  { code: 'EG', name: 'Egypt', dial: '+20' },
  { code: 'FI', name: 'Finland', dial: '+358' },
  { code: 'FR', name: 'France', dial: '+33' },
  { code: 'DE', name: 'Germany', dial: '+49' },
  { code: 'GR', name: 'Greece', dial: '+30' },
  { code: 'HU', name: 'Hungary', dial: '+36' },
  { code: 'IN', name: 'India', dial: '+91' },
  { code: 'IE', name: 'Ireland', dial: '+353' },
  { code: 'IL', name: 'Israel', dial: '+972' },
  { code: 'IT', name: 'Italy', dial: '+39' },
  { code: 'JP', name: 'Japan', dial: '+81' },
  { code: 'KR', name: 'Korea, Republic of', dial: '+82' },
  { code: 'MX', name: 'Mexico', dial: '+52' },
  { code: 'NL', name: 'Netherlands', dial: '+31' },
  { code: 'NZ', name: 'New Zealand', dial: '+64' },
  { code: 'NO', name: 'Norway', dial: '+47' },
  { code: 'PL', name: 'Poland', dial: '+48' },
  { code: 'PT', name: 'Portugal', dial: '+351' },
  { code: 'RO', name: 'Romania', dial: '+40' },
  { code: 'SA', name: 'Saudi Arabia', dial: '+966' },
  { code: 'SG', name: 'Singapore', dial: '+65' },
  { code: 'ZA', name: 'South Africa', dial: '+27' },
  { code: 'ES', name: 'Spain', dial: '+34' },
  { code: 'SE', name: 'Sweden', dial: '+46' },
  { code: 'CH', name: 'Switzerland', dial: '+41' },
  { code: 'TR', name: 'Türkiye', dial: '+90' },
  { code: 'AE', name: 'United Arab Emirates', dial: '+971' },
  { code: 'GB', name: 'United Kingdom', dial: '+44' },
  { code: 'US', name: 'United States', dial: '+1' },
] as const;

export type CountryCode = (typeof countries)[number]['code'];

/**
 * A country's name as the page shows it: the English name (what the address stores) in English,
 * the locale's own name through `Intl.DisplayNames` in another language.
 */
export function shownCountryName(country: { code: string; name: string }): string {
  const locale = currentLocale();
  if (!locale) return country.name;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country.code) ?? country.name;
  } catch {
    return country.name;
  }
}

/** A dialling code ('+972') kept left to right inside right-to-left text (else it reads '972+'). */
export const dialText = (dial: string) => (rightToLeft() ? `\u2066${dial}\u2069` : dial);
