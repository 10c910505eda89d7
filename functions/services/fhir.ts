import { createHash } from 'node:crypto';
import { FHIR_MAX_EXCHANGES, type FhirExportPeriod } from '@shared/api/fhir';
import type { TemperatureUnit, WeightUnit } from '@shared/device';
import * as messages from '@shared/messages';
import { exchangesRepository, type ExchangeRecord } from '../data/exchanges-repository';
import { patientsRepository, type PatientPii, type PatientRecord } from '../data/patients-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { badRequest, notFound } from '../lib/errors';
import { inScope } from '../lib/scope';
import type { Bundle, Coding, Device, Observation, ObservationComponent, Patient, Quantity, Reference } from './fhir-r4';

/**
 * …/patients/{patientId}/fhir: the patient, the devices and the measurements of the
 * period's exchanges as a FHIR R4 Bundle, with LOINC codes where LOINC has the measurement and
 * the portal's own code system where it does not, and UCUM units. docs/fhir.md has the table.
 */

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const VITAL_SIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition';

/** The portal's namespace for its own identifiers and codes: fixed, so exports of every deployment agree. */
export const PORTAL_URI = 'urn:pd-portal';
/** The portal's code system for the peritoneal dialysis measurements LOINC has no term for. */
export const PD_CODE_SYSTEM = `${PORTAL_URI}:fhir:CodeSystem:pd-exchange`;
export const fhirSystems = {
  patientId: `${PORTAL_URI}:patient-id`,
  deviceId: `${PORTAL_URI}:device-id`,
  clinicId: `${PORTAL_URI}:clinic-id`,
  /** A SocialId is unique within its clinic only (spec section 3), so each clinic is its own namespace. */
  socialId: (clinicId: string) => `${PORTAL_URI}:clinic:${clinicId}:social-id`,
  observation: `${PORTAL_URI}:exchange-observation`,
} as const;

type Category = 'vital-signs' | 'procedure';

/** An observation the export writes: its code and category, and the vital-signs profile it meets. */
interface ObservationKind {
  coding: Coding;
  category: Category;
  profile?: string;
}

/** The mapping table of docs/fhir.md (test/functions/clinical/fhir.test.ts holds the doc to it). */
export const observationKinds = {
  bodyWeight: { coding: { system: LOINC, code: '29463-7', display: 'Body weight' }, category: 'vital-signs', profile: 'bodyweight' },
  bloodPressure: {
    coding: { system: LOINC, code: '85354-9', display: 'Blood pressure panel with all children optional' },
    category: 'vital-signs',
    profile: 'bp',
  },
  heartRate: { coding: { system: LOINC, code: '8867-4', display: 'Heart rate' }, category: 'vital-signs', profile: 'heartrate' },
  drainVolume: { coding: { system: PD_CODE_SYSTEM, code: 'drain-volume', display: 'Peritoneal dialysis effluent volume drained' }, category: 'procedure' },
  ultrafiltration: {
    coding: {
      system: PD_CODE_SYSTEM,
      code: 'ultrafiltration',
      display: 'Peritoneal dialysis ultrafiltration of the dwell (drain volume minus the previous fill volume)',
    },
    category: 'procedure',
  },
  drainTemperature: {
    coding: { system: PD_CODE_SYSTEM, code: 'drain-temperature', display: 'Temperature of the drained peritoneal dialysis effluent' },
    category: 'procedure',
  },
  effluentTurbidity: {
    coding: {
      system: PD_CODE_SYSTEM,
      code: 'effluent-turbidity',
      display: 'Turbidity of the drained peritoneal dialysis effluent (mean of the bubble-free samples)',
    },
    category: 'procedure',
  },
} as const satisfies Record<string, ObservationKind>;
export type ObservationKindId = keyof typeof observationKinds;

export const componentCodes = {
  systolic: { system: LOINC, code: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' },
  turbidityDeviation: {
    system: PD_CODE_SYSTEM,
    code: 'effluent-turbidity-sd',
    display: 'Standard deviation of the bubble-free turbidity samples of the drained effluent',
  },
  deviceTurbidityValue: { system: PD_CODE_SYSTEM, code: 'device-turbidity-value', display: "The device's turbidity value (PValue)" },
} as const satisfies Record<string, Coding>;

/**
 * UCUM units of the stored values (volumes ml, blood pressure mmHg, pulse per minute, turbidity
 * NTU; temperature and weight in the unit the device reported). UCUM has no turbidity unit, so NTU
 * is an annotation of unity; PValue is a plain number.
 */
export const ucumUnits = {
  kg: { unit: 'kg', code: 'kg' },
  lb: { unit: 'lb', code: '[lb_av]' },
  mmHg: { unit: 'mmHg', code: 'mm[Hg]' },
  perMinute: { unit: 'beats/minute', code: '/min' },
  ml: { unit: 'mL', code: 'mL' },
  celsius: { unit: '°C', code: 'Cel' },
  fahrenheit: { unit: '°F', code: '[degF]' },
  ntu: { unit: 'NTU', code: '{NTU}' },
  unity: { unit: '1', code: '1' },
} as const;
type UcumUnit = (typeof ucumUnits)[keyof typeof ucumUnits];

const weightUnit: Record<WeightUnit, UcumUnit> = { KG: ucumUnits.kg, LB: ucumUnits.lb };
const temperatureUnit: Record<TemperatureUnit, UcumUnit> = { C: ucumUnits.celsius, F: ucumUnits.fahrenheit };

const quantity = (value: number, unit: UcumUnit): Quantity => ({ value, unit: unit.unit, system: UCUM, code: unit.code });

/**
 * A stable UUID (RFC 9562 version 5 layout, SHA-1 of the name) for a resource of the export: the same
 * patient, device or measurement has the same id in every export, and no internal id is exposed as one.
 */
export function resourceUuid(name: string): string {
  const hash = createHash('sha1').update(`${PORTAL_URI}:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const FHIR_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** FHIR's dateTime wants seconds and a ±hh:mm offset; the device's own offset is kept where it has that form. */
export function fhirDateTime(value: string): string {
  return FHIR_DATE_TIME.test(value) ? value : new Date(value).toISOString();
}

const urn = (uuid: string) => `urn:uuid:${uuid}`;

/** The exchanges of the period, oldest first, a bounded Query page at a time; more than the cap is refused. */
async function periodExchanges(patientId: string, period: FhirExportPeriod): Promise<ExchangeRecord[]> {
  const range = { from: `${period.from}T00:00:00.000Z`, to: `${period.to}T23:59:59.999Z` };
  const exchanges: ExchangeRecord[] = [];
  let cursor: string | null = null;
  do {
    const page = await exchangesRepository.listForPatient(patientId, range, { limit: 100, cursor });
    exchanges.push(...page.items);
    if (exchanges.length > FHIR_MAX_EXCHANGES) throw badRequest(messages.fhir.tooManyExchanges(FHIR_MAX_EXCHANGES));
    cursor = page.cursor;
  } while (cursor);
  return exchanges.reverse();
}

function patientResource(patient: PatientRecord, pii: PatientPii): Patient {
  return {
    resourceType: 'Patient',
    id: resourceUuid(`Patient/${patient.UserID}`),
    identifier: [
      { use: 'official', system: fhirSystems.socialId(patient.ClinicID_ref), value: pii.SocialId },
      { use: 'secondary', system: fhirSystems.patientId, value: patient.UserID },
    ],
    name: [{ use: 'official', family: pii.LastName, given: [pii.FirstName] }],
    gender: pii.Gender === 'Male' ? 'male' : 'female',
    birthDate: pii.DOB,
    managingOrganization: { identifier: { system: fhirSystems.clinicId, value: patient.ClinicID_ref } },
  };
}

function deviceResource(device: { DeviceID: string; SerialNumber: string }, patientReference: Reference): Device {
  return {
    resourceType: 'Device',
    id: resourceUuid(`Device/${device.DeviceID}`),
    identifier: [{ system: fhirSystems.deviceId, value: device.DeviceID }],
    serialNumber: device.SerialNumber,
    deviceName: [{ name: `IDA# ${device.SerialNumber}`, type: 'user-friendly-name' }],
    type: { text: 'Home peritoneal dialysis device' },
    patient: patientReference,
  };
}

interface Measured {
  kind: ObservationKindId;
  time: string;
  value?: Quantity;
  component?: ObservationComponent[];
}

/** What one exchange measured, each with its own time (a paired scale or monitor measures apart from the exchange). */
export function exchangeMeasurements(exchange: ExchangeRecord): Measured[] {
  const measured: Measured[] = [];
  if (exchange.WeightMeasure) {
    measured.push({ kind: 'bodyWeight', time: exchange.WeightMeasure.Time, value: quantity(exchange.WeightMeasure.Value, weightUnit[exchange.WeightUnit]) });
  }
  if (exchange.BloodPressureMeasure) {
    const { Systolic, Diastolic } = exchange.BloodPressureMeasure.Value;
    measured.push({
      kind: 'bloodPressure',
      time: exchange.BloodPressureMeasure.Time,
      component: [
        { code: { coding: [componentCodes.systolic] }, valueQuantity: quantity(Systolic, ucumUnits.mmHg) },
        { code: { coding: [componentCodes.diastolic] }, valueQuantity: quantity(Diastolic, ucumUnits.mmHg) },
      ],
    });
  }
  if (exchange.PulseMeasure) {
    measured.push({ kind: 'heartRate', time: exchange.PulseMeasure.Time, value: quantity(exchange.PulseMeasure.Value, ucumUnits.perMinute) });
  }
  const time = exchange.DeviceLocalDate;
  measured.push({ kind: 'drainVolume', time, value: quantity(exchange.DrainVolume, ucumUnits.ml) });
  if (exchange.Uf !== undefined) measured.push({ kind: 'ultrafiltration', time, value: quantity(exchange.Uf, ucumUnits.ml) });
  measured.push({ kind: 'drainTemperature', time, value: quantity(exchange.DrainTemp, temperatureUnit[exchange.TempUnit]) });
  if (exchange.BubblesTurbidityCalc) {
    const { meanCleanDrain, stdevCleanDrain } = exchange.BubblesTurbidityCalc;
    measured.push({
      kind: 'effluentTurbidity',
      time,
      value: quantity(meanCleanDrain, ucumUnits.ntu),
      component: [
        { code: { coding: [componentCodes.turbidityDeviation] }, valueQuantity: quantity(stdevCleanDrain, ucumUnits.ntu) },
        ...(exchange.PValue === undefined
          ? []
          : [{ code: { coding: [componentCodes.deviceTurbidityValue] }, valueQuantity: quantity(exchange.PValue, ucumUnits.unity) }]),
      ],
    });
  }
  return measured;
}

function observation(exchange: ExchangeRecord, measured: Measured, subject: Reference, device: Reference): Observation {
  const kind: ObservationKind = observationKinds[measured.kind];
  return {
    resourceType: 'Observation',
    id: resourceUuid(`Observation/${exchange.PatientID}/${exchange._id}/${measured.kind}`),
    ...(kind.profile ? { meta: { profile: [`${VITAL_SIGNS_PROFILE}/${kind.profile}`] } } : {}),
    identifier: [{ system: fhirSystems.observation, value: `${exchange._id}/${kind.coding.code}` }],
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: kind.category, display: kind.category === 'vital-signs' ? 'Vital Signs' : 'Procedure' }] }],
    code: { coding: [kind.coding], text: kind.coding.display },
    subject,
    effectiveDateTime: fhirDateTime(measured.time),
    device,
    ...(measured.value ? { valueQuantity: measured.value } : {}),
    ...(measured.component ? { component: measured.component } : {}),
  };
}

/** The Bundle of one patient: the Patient, each device of the period (and the current one), the observations oldest first. */
export function fhirBundle(input: { patient: PatientRecord; pii: PatientPii; exchanges: readonly ExchangeRecord[]; now: Date }): Bundle {
  const patient = patientResource(input.patient, input.pii);
  const subject = { reference: urn(patient.id) };
  const devices = new Map<string, Device>();
  const deviceOf = (device: { DeviceID: string; SerialNumber: string }) => {
    if (!devices.has(device.DeviceID)) devices.set(device.DeviceID, deviceResource(device, subject));
    return devices.get(device.DeviceID)!;
  };
  if (input.patient.Device) deviceOf(input.patient.Device);
  const observations = input.exchanges.flatMap((exchange) => {
    const device = { reference: urn(deviceOf(exchange).id) };
    return exchangeMeasurements(exchange).map((measured) => observation(exchange, measured, subject, device));
  });
  const timestamp = input.now.toISOString();
  return {
    resourceType: 'Bundle',
    id: resourceUuid(`Bundle/${input.patient.UserID}/${timestamp}`),
    meta: { lastUpdated: timestamp },
    type: 'collection',
    timestamp,
    entry: [patient, ...devices.values(), ...observations].map((resource) => ({ fullUrl: urn(resource.id), resource })),
  };
}

/** …/patients/{patientId}/fhir: the Bundle of a patient of the caller's reach (404 otherwise), the read recorded. */
export async function patientFhirBundle(caller: Caller, audit: AuditTrail, patientId: string, period: FhirExportPeriod, now = new Date()): Promise<Bundle> {
  const patient = inScope(caller, 'patient', await patientsRepository.get(patientId));
  const [pii, exchanges] = await Promise.all([patientsRepository.getPii(patientId), periodExchanges(patientId, period)]);
  if (!pii) throw notFound();
  audit.read({ entity: 'PatientFhir', id: patientId, PatientID: patientId, ClinicID: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID });
  return fhirBundle({ patient, pii, exchanges, now });
}
