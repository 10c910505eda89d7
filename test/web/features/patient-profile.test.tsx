import { act, render, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@web/src/app/app';
import type { PatientProfileResult } from '@shared/api/patients';
import { AppProvider } from '@web/src/app/provider';
import { PatientProfileTab } from '@web/src/features/clinical/patient/profile-tab';
import { fakeServer, resetPortal, signInAs } from '../support/portal';
import { clickDialogButton, fieldError, formField, typeInto, visibleDialog } from '../support/patient-form';

/** The Profile tab: prefilled, edited by a director or a doctor with the spec's messages, read-only for a nurse. */
beforeEach(() => resetPortal());

const profile: PatientProfileResult = {
  Profile: {
    UserID: 'patient-1',
    ClinicID_ref: 'clinic-1',
    ServiceProviderID: 'sp-1',
    DoctorID_ref: 'doc-1',
    ReferringPhysician: 'Dr Cohen',
    ReferringPhysician_Phone: '+1 555 0102',
    DialysisStart: '2020-05-01',
    PeritonealDialysisStart: '2021-01-01',
    Weight: 70,
    TargetWeight: 68,
    BloodPressure: '120/80',
    Pulse: 72,
    UrineOutput_CC: 500,
    GFR: 15,
    PatientAlertStatus: { statusValue: 1, unresolved: 0 },
    CreatedAt: '2026-01-10T08:00:00.000Z',
  },
  PIIProfile: [
    {
      UserID: 'patient-1',
      FirstName: 'Dana',
      LastName: 'Levi',
      DOB: '1960-01-01',
      Gender: 'Female',
      Hispanic: false,
      RacialDesignation: ['Asian'],
      SocialId: '123456789',
      Address: { Country: 'Israel', City: 'Haifa', Street: 'Herzl 1' },
      Phone: '+1 555 0100',
      Cellphone: '+1 555 0101',
      Email: 'dana@example.com',
    },
  ],
  device: null,
  assignedPhysician: { UserID: 'doc-1', FirstName: 'Ada', LastName: 'Adams', Role: 'Doctor' },
};

const prefixOf = { ClinicDirector: '/clinicsDirector', Nurse: '/nurses', Doctor: '/doctors' } as const;
const saveButton = () => createWrapper(document.body).findButton('[data-testid="save-profile"]');

async function openAs(role: keyof typeof prefixOf) {
  signInAs(role);
  const base = `${prefixOf[role]}/user-${role}`;
  const server = fakeServer()
    .on('GET', `${base}/patients/patient-1/profile`, { status: 200, body: profile })
    .on('GET', `${base}/getAllClinicDoctors/`, {
      status: 200,
      body: [
        {
          UserList: [
            { UserID: 'doc-1', FirstName: 'Ada', LastName: 'Adams', Role: 'Doctor' },
            { UserID: 'doc-2', FirstName: 'Ben', LastName: 'Brown', Role: 'Doctor' },
          ],
        },
      ],
    });
  render(
    <AppProvider>
      <MemoryRouter future={ROUTER_FUTURE}>
        <PatientProfileTab patientId="patient-1" />
      </MemoryRouter>
    </AppProvider>,
  );
  await waitFor(() => expect(formField('FirstName')).not.toBeNull(), { timeout: 5000 });
  return { server, base };
}

const inputValue = (name: string) => formField(name)!.findControl()!.findInput()!.getInputValue();

it("shows the patient's profile and names the changed fields after a confirmed save", async () => {
  const { server, base } = await openAs('ClinicDirector');
  expect(document.body.textContent).toContain('PATIENT PROFILE');
  expect(inputValue('FirstName')).toBe('Dana');
  expect(inputValue('Weight')).toBe('70');
  expect(inputValue('Address')).toBe('Herzl 1, Haifa, Israel');
  // Nothing changed yet: nothing to save.
  expect(saveButton()!.isDisabled()).toBe(true);

  typeInto('Weight', '');
  expect(fieldError('Weight')).toBe('Weight is required');
  expect(saveButton()!.isDisabled()).toBe(true);
  typeInto('Weight', '72');
  const physician = formField('DoctorID')!.findControl()!.findSelect()!;
  act(() => physician.openDropdown());
  await waitFor(() => expect(physician.findDropdown().findOptions()).toHaveLength(2));
  act(() => physician.selectOptionByValue('doc-2'));
  server.on('POST', `${base}/patients/patient-1/updatepatient`, (call) => ({
    status: 200,
    body: { ...profile, Profile: { ...profile.Profile, Weight: 72, DoctorID_ref: 'doc-2' }, changed: Object.keys(call.body as object) },
  }));

  await act(async () => saveButton()!.click());
  expect(visibleDialog()?.text).toContain('It can not be undone');
  await clickDialogButton('Accept');
  await waitFor(() => expect(visibleDialog()?.header).toBe("Patient's is updated - You have changed the patient's data of:"));
  expect(visibleDialog()!.text).toBe('Assigned physicianWeight');
  expect(server.callsTo('POST', `${base}/patients/patient-1/updatepatient`)[0]!.body).toEqual({ Weight: 72, DoctorID_ref: 'doc-2' });
  await clickDialogButton('OK');
  expect(saveButton()!.isDisabled()).toBe(true);
});

it('says the patient was not updated, for whom, and why', async () => {
  const { server, base } = await openAs('Doctor');
  // A doctor cannot give the patient to someone else.
  expect(formField('DoctorID')!.findControl()!.findSelect()!.isDisabled()).toBe(true);
  expect(formField('DoctorID')!.findControl()!.findSelect()!.findTrigger().getElement().textContent).toContain('Ada Adams');
  server.on('POST', `${base}/patients/patient-1/updatepatient`, { status: 409, body: { message: 'E11000 duplicate key error: {SocialId}' } });
  typeInto('SocialId', '987654321');
  await act(async () => saveButton()!.click());
  await clickDialogButton('Accept');
  await waitFor(() => expect(visibleDialog()?.text).toContain("Patient was not updated - Please check the data you've entered for:"));
  expect(visibleDialog()!.text).toContain('Dana Levi');
  expect(visibleDialog()!.text).toContain('SocialId is already registered.');
  expect(server.callsTo('POST', `${base}/patients/patient-1/updatepatient`)[0]!.body).toEqual({ SocialId: '987654321' });
});

it('shows a nurse the profile read-only, without Save', async () => {
  await openAs('Nurse');
  expect(inputValue('FirstName')).toBe('Dana');
  expect(saveButton()).toBeNull();
  expect(formField('FirstName')!.findControl()!.findInput()!.findNativeInput().getElement().readOnly).toBe(true);
  expect(formField('Gender')!.findControl()!.findSelect()!.isDisabled()).toBe(true);
  expect(formField('Address')!.findControl()!.findButton()).toBeNull();
});
