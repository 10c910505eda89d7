import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { readFileSync } from 'node:fs';
import { takeExchange } from '@functions/devices/take-exchange';
import { db } from '@functions/data/entities';
import { exchangesRepository, type ExchangeRecord } from '@functions/data/exchanges-repository';
import { patientsRepository, type PatientPii } from '@functions/data/patients-repository';
import type { UserRecord } from '@functions/data/users-repository';
import { componentCodes, observationKinds, PD_CODE_SYSTEM } from '@functions/services/fhir';
import { FHIR_MAX_EXCHANGES } from '@shared/api/fhir';
import { buildPath } from '@shared/api/paths';
import { routes, type RouteId } from '@shared/api/routes';
import { STAFF_ID_SUFFIXES, type StaffRole } from '@shared/api/routes/staff';
import type { DeviceExchange } from '@shared/device';
import * as messages from '@shared/messages';
import { DAY_MS, HOUR_MS } from '@shared/time';
import { signedInUser, useApi } from '@test/support/api';
import { createPatientWithDevice, createTestPatient, exchangeReport, useDeviceBroker } from '@test/support/devices';
import { fhirBundleValidator, schemaErrors } from '@test/support/fhir-schema';
import { useTestTable, useTestUserPool } from '@test/support/local-services';

useTestTable();
useTestUserPool();
useDeviceBroker();
const api = useApi();

/**
 * The FHIR R4 export through the local API gateway, the real ingest engine, DynamoDB
 * Local and cognito-local: for each clinical role on the own clinic's patient and on another
 * clinic's; the Bundle held to the official R4 JSON schema, and each observation's code, unit and
 * value to the stored exchange it came from.
 */
type Clinic = Awaited<ReturnType<typeof createPatientWithDevice>>;
const STAFF: StaffRole[] = ['ClinicDirector', 'Doctor', 'Nurse'];
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';

let own: Clinic & { pii: PatientPii };
let other: Clinic;
const staff = {} as Record<StaffRole, { user: UserRecord; token: string }>;
const validate = fhirBundleValidator();

interface Quantity {
  value: number;
  unit: string;
  system: string;
  code: string;
}
interface Coding {
  system: string;
  code: string;
  display?: string;
}
interface Resource {
  resourceType: string;
  id: string;
  [field: string]: unknown;
}
interface Observation extends Resource {
  identifier: Array<{ system: string; value: string }>;
  status: string;
  category: Array<{ coding: Coding[] }>;
  code: { coding: Coding[] };
  subject: { reference: string };
  device: { reference: string };
  effectiveDateTime: string;
  valueQuantity?: Quantity;
  component?: Array<{ code: { coding: Coding[] }; valueQuantity: Quantity }>;
}
interface Bundle {
  resourceType: 'Bundle';
  type: string;
  entry: Array<{ fullUrl: string; resource: Resource }>;
}

/** A day as the query takes it. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function fhir(role: StaffRole, patientId: string, query = '') {
  const id = `getPatientFhir${STAFF_ID_SUFFIXES[role]}` as RouteId;
  const path = buildPath(routes[id].path, { id: staff[role].user.UserID, patientId });
  return api.call('GET', `${path}${query ? `?${query}` : ''}`, { token: staff[role].token });
}

const dynamo = new DynamoDBClient({});
afterAll(() => dynamo.destroy());

/** The audit records of the table (a test may Scan; no request path does). */
async function auditRecords(entityId: string): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: process.env.TABLE_NAME!, ExclusiveStartKey: ExclusiveStartKey as never }));
    items.push(...(page.Items ?? []).map((item) => unmarshall(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.filter((item) => String(item.pk).startsWith('AUDIT#') && item.EntityID === entityId);
}

const take = (clinic: Pick<Clinic, 'device'>, exchange: DeviceExchange) => takeExchange(clinic.device.SerialNumber, exchange, new Date());

/** The exchanges sent for the own patient, by `_id`, as stored (with the UF ingest derived). */
const sent: DeviceExchange[] = [];
let old: DeviceExchange;

beforeAll(async () => {
  const created = await createPatientWithDevice();
  own = { ...created, pii: (await patientsRepository.getPii(created.patient.UserID))! };
  other = await createPatientWithDevice();
  for (const role of STAFF) {
    staff[role] = await signedInUser(role, {
      ServiceProviderID: own.provider.ServiceProviderID,
      ClinicID: own.clinic.ClinicID,
      ClinicName: own.clinic.ClinicName,
    });
  }
  // 40 days back: outside the default period of 30 days.
  old = exchangeReport(new Date(Date.now() - 40 * DAY_MS));
  await take(own, old);
  const base = Date.now() - 3 * DAY_MS;
  sent.push(
    exchangeReport(new Date(base)),
    exchangeReport(new Date(base + 6 * HOUR_MS), { DrainVolume: 2310, PValue: 0.5 }),
    // In °F and lb, as a device set so reports: the export keeps the reported unit (UCUM [degF], [lb_av]).
    exchangeReport(new Date(base + 12 * HOUR_MS), {
      TempUnit: 'F',
      DrainTemp: 98.6,
      FillTemp: 99.5,
      WeightUnit: 'LB',
      WeightMeasure: { Value: 154, Time: new Date(base + 12 * HOUR_MS - 60_000).toISOString() },
    }),
    // No scale, monitor or turbidity statistics this time: only the exchange's own measurements.
    exchangeReport(new Date(base + 18 * HOUR_MS), {
      WeightMeasure: undefined,
      BloodPressureMeasure: undefined,
      PulseMeasure: undefined,
      BubblesTurbidityCalc: undefined,
      PValue: undefined,
    }),
  );
  for (const exchange of sent) await take(own, exchange);
  await take(other, exchangeReport(new Date(base)));
}, 60_000);

/** The stored exchange an observation names in its identifier (`<exchange _id>/<code>`). */
async function storedExchanges(): Promise<Map<string, ExchangeRecord>> {
  const page = await exchangesRepository.listForPatient(own.patient.UserID, { from: '', to: '9999' }, { limit: 100 });
  return new Map(page.items.map((exchange) => [exchange._id, exchange]));
}

const resources = (bundle: Bundle, type: string) => bundle.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === type);

/**
 * What each observation must be, written out apart from the service's own table: the code (LOINC
 * where LOINC has the measurement), the category, and the value and UCUM unit of the exchange.
 */
function expected(code: string, exchange: ExchangeRecord): { system: string; category: string; value?: number; unit?: string; time: string } {
  const time = exchange.DeviceLocalDate;
  switch (code) {
    case '29463-7':
      return {
        system: LOINC,
        category: 'vital-signs',
        value: exchange.WeightMeasure!.Value,
        unit: exchange.WeightUnit === 'KG' ? 'kg' : '[lb_av]',
        time: exchange.WeightMeasure!.Time,
      };
    case '85354-9':
      return { system: LOINC, category: 'vital-signs', time: exchange.BloodPressureMeasure!.Time };
    case '8867-4':
      return { system: LOINC, category: 'vital-signs', value: exchange.PulseMeasure!.Value, unit: '/min', time: exchange.PulseMeasure!.Time };
    case 'drain-volume':
      return { system: PD_CODE_SYSTEM, category: 'procedure', value: exchange.DrainVolume, unit: 'mL', time };
    case 'ultrafiltration':
      return { system: PD_CODE_SYSTEM, category: 'procedure', value: exchange.Uf, unit: 'mL', time };
    case 'drain-temperature':
      return { system: PD_CODE_SYSTEM, category: 'procedure', value: exchange.DrainTemp, unit: exchange.TempUnit === 'C' ? 'Cel' : '[degF]', time };
    case 'effluent-turbidity':
      return { system: PD_CODE_SYSTEM, category: 'procedure', value: exchange.BubblesTurbidityCalc!.meanCleanDrain, unit: '{NTU}', time };
    default:
      throw new Error(`unexpected observation code ${code}`);
  }
}

/** The codes an exchange must give, by what it measured. */
function expectedCodes(exchange: ExchangeRecord): string[] {
  return [
    exchange.WeightMeasure && '29463-7',
    exchange.BloodPressureMeasure && '85354-9',
    exchange.PulseMeasure && '8867-4',
    'drain-volume',
    exchange.Uf !== undefined && 'ultrafiltration',
    'drain-temperature',
    exchange.BubblesTurbidityCalc && 'effluent-turbidity',
  ].filter((code): code is string => typeof code === 'string');
}

describe('getPatientFhir', () => {
  it.each(STAFF)('%s: a FHIR R4 Bundle of the last 30 days that the R4 schema accepts, as application/fhir+json', async (role) => {
    const response = await fhir(role, own.patient.UserID);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json');
    const bundle = response.body as Bundle;
    const valid = validate(bundle);
    expect(schemaErrors(validate)).toEqual([]);
    expect(valid).toBe(true);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    // Every reference resolves inside the Bundle.
    const fullUrls = new Set(bundle.entry.map((entry) => entry.fullUrl));
    for (const entry of bundle.entry) expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource.id}`);
    const references = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) expect(fullUrls.has(reference.slice('"reference":"'.length, -1))).toBe(true);
  });

  it('the Patient: the SocialId in a clinic-scoped system, the name, birth date and gender, nothing else of the personal data', async () => {
    const bundle = (await fhir('Nurse', own.patient.UserID)).body as Bundle;
    const [patient, ...more] = resources(bundle, 'Patient');
    expect(more).toEqual([]);
    expect(patient).toMatchObject({
      identifier: expect.arrayContaining([
        { use: 'official', system: `urn:pd-portal:clinic:${own.clinic.ClinicID}:social-id`, value: own.pii.SocialId },
        { use: 'secondary', system: 'urn:pd-portal:patient-id', value: own.patient.UserID },
      ]),
      name: [{ use: 'official', family: own.pii.LastName, given: [own.pii.FirstName] }],
      birthDate: own.pii.DOB,
      gender: 'female',
    });
    const text = JSON.stringify(patient);
    for (const value of [own.pii.Email, own.pii.Phone, own.pii.Cellphone, own.pii.Address.Street]) expect(text).not.toContain(value);
  });

  it('the Device: its IDA# serial number and type, the patient’s', async () => {
    const bundle = (await fhir('Doctor', own.patient.UserID)).body as Bundle;
    const patient = resources(bundle, 'Patient')[0]!;
    expect(resources(bundle, 'Device')).toEqual([
      expect.objectContaining({
        serialNumber: own.device.SerialNumber,
        identifier: [{ system: 'urn:pd-portal:device-id', value: own.device.DeviceID }],
        type: { text: 'Home peritoneal dialysis device' },
        patient: { reference: `urn:uuid:${patient.id}` },
      }),
    ]);
  });

  it('each observation: final, its code, category, value and UCUM unit as the exchange it came from; blood pressure as a systolic/diastolic pair', async () => {
    const bundle = (await fhir('ClinicDirector', own.patient.UserID)).body as Bundle;
    const stored = await storedExchanges();
    const patient = resources(bundle, 'Patient')[0]!;
    const device = resources(bundle, 'Device')[0]!;
    const observations = resources(bundle, 'Observation') as Observation[];
    const seen = new Map<string, string[]>();
    for (const observation of observations) {
      const [exchangeId, code] = observation.identifier[0]!.value.split('/') as [string, string];
      const exchange = stored.get(exchangeId)!;
      expect(exchange).toBeDefined();
      seen.set(exchangeId, [...(seen.get(exchangeId) ?? []), code]);
      const want = expected(code, exchange);
      expect(observation.status).toBe('final');
      expect(observation.code.coding).toEqual([expect.objectContaining({ system: want.system, code })]);
      expect(observation.category[0]!.coding[0]).toMatchObject({ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: want.category });
      expect(observation.subject.reference).toBe(`urn:uuid:${patient.id}`);
      expect(observation.device.reference).toBe(`urn:uuid:${device.id}`);
      expect(Date.parse(observation.effectiveDateTime)).toBe(Date.parse(want.time));
      if (code === '85354-9') {
        expect(observation.valueQuantity).toBeUndefined();
        expect(observation.component).toEqual([
          {
            code: { coding: [expect.objectContaining({ system: LOINC, code: '8480-6' })] },
            valueQuantity: { value: exchange.BloodPressureMeasure!.Value.Systolic, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
          },
          {
            code: { coding: [expect.objectContaining({ system: LOINC, code: '8462-4' })] },
            valueQuantity: { value: exchange.BloodPressureMeasure!.Value.Diastolic, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
          },
        ]);
      } else {
        expect(observation.valueQuantity).toMatchObject({ value: want.value, system: UCUM, code: want.unit });
      }
      if (code === 'effluent-turbidity') {
        expect(observation.component).toEqual([
          expect.objectContaining({ valueQuantity: expect.objectContaining({ value: exchange.BubblesTurbidityCalc!.stdevCleanDrain, code: '{NTU}' }) }),
          expect.objectContaining({ valueQuantity: expect.objectContaining({ value: exchange.PValue, code: '1' }) }),
        ]);
      }
    }
    // Every exchange of the period and nothing else; each with the observations of what it measured.
    expect([...seen.keys()].sort()).toEqual(sent.map((exchange) => exchange._id).sort());
    for (const exchange of sent) expect(seen.get(exchange._id)!.sort()).toEqual(expectedCodes(stored.get(exchange._id)!).sort());
    // The °F / lb exchange keeps its units; the UF of the second is its drain minus the first's fill.
    expect(stored.get(sent[1]!._id)!.Uf).toBe(2310 - sent[0]!.FillVolume);
    const imperial = observations.filter((observation) => observation.identifier[0]!.value.startsWith(`${sent[2]!._id}/`));
    expect(imperial.map((observation) => observation.valueQuantity?.code)).toEqual(expect.arrayContaining(['[lb_av]', '[degF]']));
  });

  it('a chosen period: only its exchanges', async () => {
    const oldDay = day(Date.parse(old.DeviceLocalDate));
    const bundle = (await fhir('Nurse', own.patient.UserID, `from=${oldDay}&to=${oldDay}`)).body as Bundle;
    const ids = new Set((resources(bundle, 'Observation') as Observation[]).map((observation) => observation.identifier[0]!.value.split('/')[0]));
    expect([...ids]).toEqual([old._id]);
    expect(validate(bundle)).toBe(true);
  });

  it.each(STAFF)("%s: another clinic's patient is not found", async (role) => {
    expect(await fhir(role, other.patient.UserID)).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
  });

  it('records who read the patient, once per export', async () => {
    const before = (await auditRecords(own.patient.UserID)).filter((record) => record.Entity === 'PatientFhir').length;
    expect((await fhir('Doctor', own.patient.UserID)).status).toBe(200);
    const records = (await auditRecords(own.patient.UserID)).filter((record) => record.Entity === 'PatientFhir');
    expect(records).toHaveLength(before + 1);
    expect(records.find((record) => record.UserID === staff.Doctor.user.UserID)).toMatchObject({
      Action: 'read',
      PatientID: own.patient.UserID,
      ClinicID: own.clinic.ClinicID,
    });
  });

  it.each([
    ['from after to', 'from=2026-03-02&to=2026-03-01', messages.fhir.fromAfterTo],
    ['more than 366 days', 'from=2025-01-01&to=2026-01-02', messages.fhir.periodTooLong(366)],
    ['not a date', 'from=2026-02-30', messages.fhir.dateNotValid('From')],
    ['a date-time', 'to=2026-03-01T00:00:00Z', messages.fhir.dateNotValid('To')],
  ])('a bad period (%s) is 400 with its message, and records nothing', async (_, query, message) => {
    const before = (await auditRecords(own.patient.UserID)).length;
    expect(await fhir('ClinicDirector', own.patient.UserID, query)).toMatchObject({ status: 400, body: { message: [message] } });
    expect(await auditRecords(own.patient.UserID)).toHaveLength(before);
  });

  it('an unknown query parameter is 400', async () => {
    expect((await fhir('ClinicDirector', own.patient.UserID, 'format=xml')).status).toBe(400);
  });

  it(`a period of more than ${FHIR_MAX_EXCHANGES} exchanges is 400 with a clear message; ${FHIR_MAX_EXCHANGES} are exported`, async () => {
    const { patient } = await createTestPatient({ ClinicID_ref: own.clinic.ClinicID, DoctorID_ref: 'doctor-1' });
    // Written as stored items in batches (the engine would take minutes for a thousand): a minute apart, ending an hour ago.
    const end = Date.now() - HOUR_MS;
    const items = Array.from({ length: FHIR_MAX_EXCHANGES }, (_, i) => {
      const { _id, FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity, ...report } = exchangeReport(new Date(end - i * 60_000));
      return {
        PatientID: patient.UserID,
        ExchangeID: _id,
        DeviceID: own.device.DeviceID,
        SerialNumber: own.device.SerialNumber,
        ClinicID: own.clinic.ClinicID,
        ServiceProviderID: own.provider.ServiceProviderID,
        ExchangeTimeUtc: new Date(end - i * 60_000).toISOString(),
        ReceivedAt: new Date().toISOString(),
        Report: { _id, ...report },
        StatusValue: 1 as const,
        Alerts: [],
      };
    });
    const put = async (batch: typeof items) => expect((await db().entities.exchange.put(batch).go()).unprocessed).toEqual([]);
    await put(items);
    const full = await fhir('Nurse', patient.UserID);
    expect(full.status).toBe(200);
    expect(resources(full.body as Bundle, 'Observation')).toHaveLength(FHIR_MAX_EXCHANGES * 6);
    // Seven observations an exchange at most: still well under a Lambda's 6 MB answer.
    const bytes = Buffer.byteLength(JSON.stringify(full.body));
    expect((bytes * 7) / 6).toBeLessThan(4 * 1024 * 1024);

    const { _id, FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity, ...report } = exchangeReport(new Date(end + 60_000));
    await put([{ ...items[0]!, ExchangeID: _id, ExchangeTimeUtc: new Date(end + 60_000).toISOString(), Report: { _id, ...report } }]);
    expect(await fhir('Nurse', patient.UserID)).toMatchObject({ status: 400, body: { message: [messages.fhir.tooManyExchanges(FHIR_MAX_EXCHANGES)] } });
  }, 60_000);
});

describe('docs/fhir.md', () => {
  it('lists every code and unit the export writes', () => {
    const doc = readFileSync('docs/fhir.md', 'utf8');
    for (const kind of Object.values(observationKinds)) {
      expect(doc).toContain(`\`${kind.coding.code}\``);
      expect(doc).toContain(kind.coding.display);
    }
    for (const coding of Object.values(componentCodes)) expect(doc).toContain(`\`${coding.code}\``);
    expect(doc).toContain(`\`${PD_CODE_SYSTEM}\``);
    for (const unit of ['kg', '[lb_av]', 'mm[Hg]', '/min', 'mL', 'Cel', '[degF]', '{NTU}']) expect(doc).toContain(`\`${unit}\``);
  });
});
