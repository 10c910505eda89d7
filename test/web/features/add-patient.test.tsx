import { act, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { choose, chooseWhenListed, clickDialogButton, enterAddress, fieldError, formField, pickDate, typeInto, visibleDialog } from '../support/patient-form';

/** /addPatient: a clinician creates a patient with the spec's rules, confirmation and messages. */
beforeEach(() => resetPortal());

const saveButton = () => createWrapper(document.body).findButton('[data-testid="save-patient"]')!;

const doctors = [{ UserList: [{ UserID: 'doc-1', FirstName: 'Ada', LastName: 'Adams', Role: 'Doctor' }] }];

const created = {
  Patient: {
    UserID: 'patient-9',
    ClinicID_ref: 'clinic-1',
    ServiceProviderID: 'sp-1',
    DoctorID_ref: 'doc-1',
    PatientAlertStatus: { statusValue: 1, unresolved: 0 },
    CreatedAt: '2026-01-10T08:00:00.000Z',
  },
  PIIProfile: {
    UserID: 'patient-9',
    FirstName: 'Dana',
    LastName: 'Levi',
    DOB: '1960-01-01',
    Gender: 'Female',
    Hispanic: false,
    SocialId: '123456789',
    Address: { Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' },
    Phone: '+1 555 0100',
    Cellphone: '+1 555 0101',
    Email: 'dana@example.com',
  },
  status: 'created',
};

async function openAs(role: 'Nurse' | 'ClinicDirector' | 'Doctor') {
  signInAs(role);
  const prefix = { ClinicDirector: '/clinicsDirector', Nurse: '/nurses', Doctor: '/doctors' }[role];
  const server = fakeServer().on('GET', `${prefix}/user-${role}/getAllClinicDoctors/`, { status: 200, body: doctors });
  renderPortal('/addPatient');
  await waitFor(() => expect(formField('FirstName')).not.toBeNull(), { timeout: 5000 });
  return { server, prefix };
}

async function fillEverything() {
  typeInto('FirstName', 'Dana');
  typeInto('LastName', 'Levi');
  pickDate('DOB', '1960/01/01');
  choose('Gender', 'Female');
  choose('Hispanic', 'no');
  typeInto('SocialId', '123456789');
  await enterAddress({ Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' });
  typeInto('Phone', '555 0100');
  typeInto('Cellphone', '555 0101');
  typeInto('Email', 'dana@example.com');
  typeInto('ReferringPhysician', 'Dr Cohen');
  typeInto('ReferringPhysician_Phone', '555 0102');
  pickDate('DialysisStart', '2020/05/01');
  // Start dates may be in the future (spec 5).
  pickDate('PeritonealDialysisStart', '2999/01/01');
  typeInto('Weight', '70');
  typeInto('TargetWeight', '68');
  typeInto('BloodPressure', '120/80');
  typeInto('Pulse', '72');
  typeInto('UrineOutput_CC', '500');
  typeInto('GFR', '15');
}

it("shows the spec's messages, then saves the patient after confirmation and opens the prescription", async () => {
  const { server, prefix } = await openAs('Nurse');
  server.on('POST', `${prefix}/user-Nurse/patients/signup`, { status: 200, body: created });

  expect(saveButton().isDisabled()).toBe(true);
  typeInto('FirstName', '');
  expect(fieldError('FirstName')).toBe('First name is required');
  typeInto('Email', 'not-an-email');
  expect(fieldError('Email')).toBe('Email is not valid');
  typeInto('BloodPressure', '120-80');
  expect(fieldError('BloodPressure')).toBe('Blood pressure input is not valid');
  typeInto('Weight', '70kg');
  expect(fieldError('Weight')).toBe('Weight input is not valid');

  await fillEverything();
  // A nurse must choose the physician.
  expect(saveButton().isDisabled()).toBe(true);
  await chooseWhenListed('DoctorID', 'doc-1');
  expect(fieldError('Email')).toBe('');
  expect(saveButton().isDisabled()).toBe(false);

  await act(async () => saveButton().click());
  expect(visibleDialog()?.text).toContain('It can not be undone');
  await clickDialogButton('Accept');
  await waitFor(() => expect(visibleDialog()?.header).toBe('Patient Saved'));
  const sent = server.callsTo('POST', `${prefix}/user-Nurse/patients/signup`)[0]!.body as Record<string, unknown>;
  expect(sent).toMatchObject({
    FirstName: 'Dana',
    DoctorID: 'doc-1',
    Hispanic: false,
    Weight: 70,
    PeritonealDialysisStart: '2999-01-01',
    Address: { Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' },
  });
  await clickDialogButton('OK');
  await waitFor(() => expect(currentPath()).toBe('/patient/prescription?patientId=patient-9'));
});

it('hides the racial designation when Hispanic is Yes and refuses a birth date in the future', async () => {
  await openAs('ClinicDirector');
  expect(formField('RacialDesignation')).not.toBeNull();
  choose('Hispanic', 'yes');
  expect(formField('RacialDesignation')).toBeNull();
  choose('Hispanic', 'no');
  expect(formField('RacialDesignation')).not.toBeNull();
  pickDate('DOB', '2999/01/01');
  expect(fieldError('DOB')).toBe('Date of birth is not a valid date');
});

it('says why the server refused: a SocialId already registered', async () => {
  const { server, prefix } = await openAs('ClinicDirector');
  server.on('POST', `${prefix}/user-ClinicDirector/patients/signup`, {
    status: 409,
    body: { message: 'E11000 duplicate key error: {SocialId}' },
  });
  // The director is the default physician.
  expect(formField('DoctorID')!.findControl()!.findSelect()!.findTrigger().getElement().textContent).toContain('FirstClinicDirector Tester');
  await fillEverything();
  await act(async () => saveButton().click());
  await clickDialogButton('Accept');
  await waitFor(() => expect(visibleDialog()?.header).toBe('Patient was not created'));
  expect(visibleDialog()!.text).toContain("Please check the data you've entered");
  expect(visibleDialog()!.text).toContain('SocialId is already registered.');
  expect(currentPath()).toBe('/addPatient');
});

it("fixes a doctor's patients to the doctor, without asking for the clinic's doctors", async () => {
  const { server } = await openAs('Doctor');
  const physician = formField('DoctorID')!.findControl()!.findSelect()!;
  expect(physician.isDisabled()).toBe(true);
  expect(physician.findTrigger().getElement().textContent).toContain('FirstDoctor Tester');
  expect(server.calls.filter((call) => call.url.includes('getAllClinicDoctors'))).toHaveLength(0);
});
