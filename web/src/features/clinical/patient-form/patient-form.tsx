import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { patientSignupSchema, racialDesignations, type PatientProfileResult, type PatientSignupInput } from '@shared/api/patients';
import { patients } from '@shared/messages/patients';
import { AddressField } from '@web/src/components/fields/address-dialog';
import { DateField } from '@web/src/components/fields/date-field';
import { DropdownField, type DropdownOption } from '@web/src/components/fields/dropdown-field';
import { PhoneField } from '@web/src/components/fields/phone-field';
import { TextField } from '@web/src/components/fields/text-field';
import type { useZodForm } from '@web/src/lib/use-zod-form';
import { labelsOf } from '@web/src/lib/language';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const m = messages.patients;
const L = m.labels;
const f = m.form;

/** The form of a patient, on the create schema: the profile edits the same fields with the same rules (spec 5). */
export type PatientForm = ReturnType<typeof useZodForm<typeof patientSignupSchema>>;
export type PatientFormValues = PatientSignupInput;
export const patientFormSchema = patientSignupSchema;

/** The form's fields in its order; `DoctorID` is the assigned physician (DoctorID_ref on a profile). */
export const patientFormFields = [
  'FirstName',
  'LastName',
  'DOB',
  'Gender',
  'Hispanic',
  'RacialDesignation',
  'SocialId',
  'Address',
  'Phone',
  'Cellphone',
  'Email',
  'DoctorID',
  'ReferringPhysician',
  'ReferringPhysician_Phone',
  'DialysisStart',
  'PeritonealDialysisStart',
  'Weight',
  'TargetWeight',
  'BloodPressure',
  'Pulse',
  'UrineOutput_CC',
  'GFR',
] as const satisfies ReadonlyArray<keyof PatientFormValues>;
export type PatientFormField = (typeof patientFormFields)[number];

/** A field's label, also for the profile's DoctorID_ref. */
export const labelOf = (name: string): string => (name === 'DoctorID_ref' ? L.DoctorID : ((L as Record<string, string>)[name] ?? name));

/**
 * A new patient's values: nothing chosen yet (the schema's 'is required' messages say what is
 * missing), the physician given (a director or doctor is the default).
 */
export function emptyPatient(doctorId: string): PatientFormValues {
  const empty = {
    FirstName: '',
    LastName: '',
    DOB: '',
    Gender: '',
    Hispanic: undefined,
    RacialDesignation: [],
    SocialId: '',
    Address: undefined,
    Phone: '',
    Cellphone: '',
    Email: '',
    DoctorID: doctorId,
    ReferringPhysician: '',
    ReferringPhysician_Phone: '',
    DialysisStart: '',
    PeritonealDialysisStart: '',
    Weight: '',
    TargetWeight: '',
    BloodPressure: '',
    Pulse: '',
    UrineOutput_CC: '',
    GFR: '',
  };
  // Empty choices are not values of the schema's input type; the schema refuses them with its messages.
  return empty as unknown as PatientFormValues;
}

const digitsText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** A stored patient (…/profile) as the form's values. */
export function patientValues(result: PatientProfileResult): PatientFormValues {
  const pii = result.PIIProfile[0];
  const profile = result.Profile;
  const values = {
    FirstName: pii?.FirstName ?? '',
    LastName: pii?.LastName ?? '',
    DOB: pii?.DOB ?? '',
    Gender: pii?.Gender ?? '',
    Hispanic: pii?.Hispanic,
    RacialDesignation: pii?.RacialDesignation ?? [],
    SocialId: pii?.SocialId ?? '',
    Address: pii?.Address,
    Phone: pii?.Phone ?? '',
    Cellphone: pii?.Cellphone ?? '',
    Email: pii?.Email ?? '',
    DoctorID: profile.DoctorID_ref,
    ReferringPhysician: profile.ReferringPhysician ?? '',
    ReferringPhysician_Phone: profile.ReferringPhysician_Phone ?? '',
    DialysisStart: profile.DialysisStart ?? '',
    PeritonealDialysisStart: profile.PeritonealDialysisStart ?? '',
    Weight: digitsText(profile.Weight),
    TargetWeight: digitsText(profile.TargetWeight),
    BloodPressure: profile.BloodPressure ?? '',
    Pulse: digitsText(profile.Pulse),
    UrineOutput_CC: digitsText(profile.UrineOutput_CC),
    GFR: digitsText(profile.GFR),
  };
  return values as unknown as PatientFormValues;
}

/** A value compared as the person entered it: numbers as their digits, a multiselect regardless of order. */
function comparable(name: PatientFormField, value: unknown): string {
  if (name === 'RacialDesignation') return JSON.stringify([...((value as string[] | undefined) ?? [])].sort());
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  return JSON.stringify(value ?? null);
}

/** The fields whose values differ from the saved ones, in the form's order. */
export function changedFields(values: PatientFormValues, saved: PatientFormValues): PatientFormField[] {
  const hidden = (v: PatientFormValues) => v.Hispanic === true;
  return patientFormFields.filter((name) => {
    // A racial designation hidden on both sides is not a change.
    if (name === 'RacialDesignation' && hidden(values) && hidden(saved)) return false;
    return comparable(name, values[name]) !== comparable(name, saved[name]);
  });
}

/** Who a patient can be assigned to, and whether the choice is fixed (a doctor: self; a nurse's profile view). */
export interface PhysicianChoice {
  options: readonly DropdownOption[];
  fixed: boolean;
}

type TextName =
  'FirstName' | 'LastName' | 'SocialId' | 'Email' | 'ReferringPhysician' | 'Weight' | 'TargetWeight' | 'BloodPressure' | 'Pulse' | 'UrineOutput_CC' | 'GFR';
type PhoneName = 'Phone' | 'Cellphone' | 'ReferringPhysician_Phone';
type DateName = 'DOB' | 'DialysisStart' | 'PeritonealDialysisStart';

const genderOptions: DropdownOption[] = [
  { value: 'Male', label: f.male },
  { value: 'Female', label: f.female },
];
const hispanicOptions: DropdownOption[] = [
  { value: 'yes', label: f.yes },
  { value: 'no', label: f.no },
];
// Stored as the English words; shown in the page's language, label i for stored value i.
const racialOptions = racialDesignations.map((option, index) => ({ value: option, label: labelsOf(racialDesignations)[index] ?? option }));

/**
 * Every field of a patient (spec section 3 "Patient"), for /addPatient and the Profile tab alike:
 * the personal data, then the clinical profile. The racial designation is hidden when Hispanic is
 * Yes; the address opens the address dialog; the birth date cannot be in the future, the start
 * dates can. `readOnly` shows the values without letting them change (a Nurse's profile view).
 */
export function PatientFormFields({ form, physicians, readOnly = false }: { form: PatientForm; physicians: PhysicianChoice; readOnly?: boolean }) {
  const text = (name: TextName) => {
    const field = form.field(name);
    return (
      <TextField
        label={L[name]}
        testId={name}
        type={name === 'Email' ? 'email' : 'text'}
        value={String(field.value ?? '')}
        onChange={(value) => field.onChange(value)}
        onBlur={field.onBlur}
        errorText={field.errorText}
        readOnly={readOnly}
      />
    );
  };
  const phone = (name: PhoneName) => <PhoneField label={L[name]} testId={name} {...form.field(name)} readOnly={readOnly} />;
  const date = (name: DateName) => <DateField label={L[name]} testId={name} {...form.field(name)} past={name === 'DOB'} readOnly={readOnly} />;

  const gender = form.field('Gender');
  const hispanic = form.field('Hispanic');
  const racial = form.field('RacialDesignation');
  const address = form.field('Address');
  const doctor = form.field('DoctorID');
  const chosenRaces = racial.value ?? [];

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{f.personal}</Header>}>
        <ColumnLayout columns={3}>
          {text('FirstName')}
          {text('LastName')}
          {date('DOB')}
          <DropdownField
            label={L.Gender}
            testId="Gender"
            options={genderOptions}
            placeholder={f.choose}
            value={gender.value}
            onChange={(value) => gender.onChange(value as typeof gender.value)}
            onBlur={gender.onBlur}
            errorText={gender.errorText}
            readOnly={readOnly}
          />
          <DropdownField
            label={L.Hispanic}
            testId="Hispanic"
            options={hispanicOptions}
            placeholder={f.choose}
            value={hispanic.value === undefined ? '' : hispanic.value ? 'yes' : 'no'}
            onChange={(value) => hispanic.onChange(value === 'yes')}
            onBlur={hispanic.onBlur}
            errorText={hispanic.errorText}
            readOnly={readOnly}
          />
          {hispanic.value !== true && (
            <FormField label={L.RacialDesignation} errorText={racial.errorText} data-testid="RacialDesignation">
              <Multiselect
                selectedOptions={racialOptions.filter((option) => chosenRaces.includes(option.value))}
                options={racialOptions}
                placeholder={f.choose}
                disabled={readOnly}
                onBlur={racial.onBlur}
                onChange={({ detail }) => racial.onChange(detail.selectedOptions.map((option) => option.value as (typeof racialDesignations)[number]))}
              />
            </FormField>
          )}
          {text('SocialId')}
          <AddressField
            label={L.Address}
            testId="Address"
            value={address.value}
            onChange={(value) => address.onChange(value as typeof address.value)}
            onBlur={address.onBlur}
            errorText={address.errorText}
            readOnly={readOnly}
          />
          {phone('Phone')}
          {phone('Cellphone')}
          {text('Email')}
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2">{f.clinical}</Header>}>
        <ColumnLayout columns={3}>
          <DropdownField
            label={L.DoctorID}
            testId="DoctorID"
            options={physicians.options}
            placeholder={f.choose}
            {...doctor}
            readOnly={readOnly || physicians.fixed}
          />
          {text('ReferringPhysician')}
          {phone('ReferringPhysician_Phone')}
          {date('DialysisStart')}
          {date('PeritonealDialysisStart')}
          {text('Weight')}
          {text('TargetWeight')}
          {text('BloodPressure')}
          {text('Pulse')}
          {text('UrineOutput_CC')}
          {text('GFR')}
        </ColumnLayout>
      </Container>
    </SpaceBetween>
  );
}
