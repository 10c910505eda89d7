import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { countries, dialText, shownCountryName, type CountryCode } from '@web/src/lib/countries';
import { widgetMessages } from '@web/src/lib/widget-messages';
import type { FieldProps } from './field-props';

const dialOptions = () =>
  countries.map((country) => ({ value: country.code, label: `${shownCountryName(country)} ${dialText(country.dial)}`, tags: [dialText(country.dial)] }));

/** The dialling code a number starts with, if it is one of the list's (the longest that fits). */
function splitNumber(value: string, fallback: CountryCode): { code: CountryCode; rest: string } {
  const match = [...countries].sort((a, b) => b.dial.length - a.dial.length).find((country) => value.startsWith(country.dial));
  if (!match) return { code: fallback, rest: value };
  // +1 is shared by the US and Canada: keep the one chosen.
  const code = match.dial === countries.find((country) => country.code === fallback)!.dial ? fallback : match.code;
  return { code, rest: value.slice(match.dial.length).trimStart() };
}

/**
 * A phone number with its country's calling code, United States by default (spec 2 "Common
 * widgets"). The value is the whole number, e.g. '+1 555 0100'; its format is the form's schema's.
 */
export function PhoneField({
  label,
  value,
  onChange,
  onBlur,
  errorText,
  readOnly,
  testId,
  defaultCountry = 'US',
}: FieldProps<string> & { defaultCountry?: CountryCode }) {
  const { code, rest } = splitNumber(value, defaultCountry);
  const dial = countries.find((country) => country.code === code)!.dial;
  const join = (nextDial: string, nextRest: string) => (nextRest ? `${nextDial} ${nextRest}` : '');
  return (
    <FormField label={label} errorText={errorText} data-testid={testId}>
      <SpaceBetween direction="horizontal" size="xs">
        <Select
          ariaLabel={widgetMessages.fields.countryCode}
          selectedOption={{ value: code, label: dialText(dial) }}
          options={dialOptions()}
          disabled={readOnly}
          filteringType="auto"
          onChange={({ detail }) => onChange(join(countries.find((country) => country.code === detail.selectedOption.value)!.dial, rest))}
        />
        <Input
          inputMode="tel"
          value={rest}
          readOnly={readOnly}
          onBlur={onBlur}
          ariaLabel={label}
          onChange={({ detail }) => onChange(join(dial, detail.value))}
        />
      </SpaceBetween>
    </FormField>
  );
}
