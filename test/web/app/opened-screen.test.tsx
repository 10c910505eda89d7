import { screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { startFirstReads } from '@web/src/app/first-reads';
import { loadOpenedScreen } from '@web/src/app/opened-screen';
import { screens } from '@web/src/app/screens';
import { paths } from '@web/src/config/routes';
import { sessionStore } from '@web/src/lib/session-store';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { exchange, listedPatient, PATIENT_ID, servePatient } from '../support/patient';

/**
 * The first reads of /patients and of a patient's exchanges go out as the web starts, before the
 * screen's code has rendered (main.tsx); the screen then takes their answers instead of asking again.
 */
beforeEach(() => resetPortal());

const rows = () => createWrapper(document.body).findTable()?.findRows() ?? [];
const sent = (server: ReturnType<typeof fakeServer>, path: RegExp) => server.calls.filter((call) => path.test(call.url)).map((call) => call.url);
const clinicList = /\/nurses\/user-Nurse\/getAllClinicPatients\//;

function serveClinic() {
  return fakeServer().on('GET', clinicList, { status: 200, body: { items: [listedPatient(1), listedPatient(2)] } });
}

describe('the first reads', () => {
  it("send a nurse's clinic list at once, and /patients shows it without asking again", async () => {
    signInAs('Nurse');
    const server = serveClinic();
    startFirstReads({ pathname: '/patients', search: '' });
    // Sent before anything renders, as the screen will ask for it: the largest page.
    expect(sent(server, clinicList)).toEqual(['/api/v1/webapp/nurses/user-Nurse/getAllClinicPatients/?limit=250']);

    renderPortal('/patients');
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5000 });
    expect(sent(server, clinicList)).toHaveLength(1);
  });

  it("send a doctor's own list, and a patient's profile and first exchanges page; the patient's screen asks for neither again", async () => {
    signInAs('Doctor');
    const doctorList = /\/doctors\/user-Doctor\/getallpatients\//;
    const server = fakeServer().on('GET', doctorList, { status: 200, body: { items: [listedPatient(1)] } });
    startFirstReads({ pathname: '/patients', search: '' });
    expect(sent(server, doctorList)).toEqual(['/api/v1/webapp/doctors/user-Doctor/getallpatients/?limit=250']);

    servePatient(server, [exchange(), exchange({ _id: 'x2' })]);
    const patientPath = paths.patientExchanges({ patientId: PATIENT_ID });
    startFirstReads({ pathname: patientPath.split('?')[0]!, search: `?${patientPath.split('?')[1]}` });
    const profile = new RegExp(`/doctors/user-Doctor/patients/${PATIENT_ID}/profile$`);
    const firstPage = new RegExp(`/doctors/user-Doctor/patients/${PATIENT_ID}/getExchanges\\?limit=100$`);
    expect(sent(server, profile)).toHaveLength(1);
    expect(sent(server, firstPage)).toHaveLength(1);

    renderPortal(patientPath);
    await screen.findByRole('heading', { name: 'Ada Patient' }, { timeout: 15000 });
    await waitFor(() => expect(document.querySelector('[data-testid="exchange-count"]')?.textContent).toBe('2 exchanges'));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), { timeout: 5000 });
    expect(sent(server, profile)).toHaveLength(1);
    expect(sent(server, firstPage)).toHaveLength(1);
  });

  it("once answered, are the screen's first render: /patients never shows its table loading", async () => {
    signInAs('Nurse');
    const server = serveClinic();
    startFirstReads({ pathname: '/patients', search: '' });
    await waitFor(() => expect(sent(server, clinicList)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the answer is in
    let loadingShown = false;
    const observer = new MutationObserver(() => {
      if (createWrapper(document.body).findTable()?.findLoadingText()) loadingShown = true;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderPortal('/patients');
      await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5000 });
    } finally {
      observer.disconnect();
    }
    expect(loadingShown).toBe(false);
    expect(sent(server, clinicList)).toHaveLength(1);
  });

  it("once answered, show a patient's name with the first exchanges in one render, never the screen's placeholder title", async () => {
    signInAs('Nurse');
    const server = servePatient(fakeServer(), [exchange(), exchange({ _id: 'x2' })]);
    const patientPath = paths.patientExchanges({ patientId: PATIENT_ID });
    startFirstReads({ pathname: patientPath.split('?')[0]!, search: `?${patientPath.split('?')[1]}` });
    await new Promise((resolve) => setTimeout(resolve, 0)); // the answers are in
    const headings: string[] = [];
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1')?.textContent;
      if (heading && headings.at(-1) !== heading) headings.push(heading);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderPortal(patientPath);
      await screen.findByRole('heading', { name: 'Ada Patient' }, { timeout: 15000 });
      // The heading came with the rows: the table was rendered in the same pass.
      expect(rows().length).toBeGreaterThan(0);
    } finally {
      observer.disconnect();
    }
    expect(headings).toEqual(['Ada Patient']);
    expect(sent(server, new RegExp(`/patients/${PATIENT_ID}/profile$`))).toHaveLength(1);
  });

  it('send nothing without a session, for a role without the clinical screens, or on another screen', () => {
    const server = serveClinic();
    startFirstReads({ pathname: '/patients', search: '' });
    signInAs('LiberDiAdmin');
    startFirstReads({ pathname: '/patients', search: '' });
    signInAs('Nurse');
    startFirstReads({ pathname: '/patients/week', search: '' });
    startFirstReads({ pathname: '/patient/exchanges', search: '' });
    expect(server.calls).toEqual([]);
  });

  it('are asked for anew once older than 10 s', async () => {
    signInAs('Nurse');
    const server = serveClinic();
    const now = jest.spyOn(Date, 'now');
    try {
      const sentAt = Date.now();
      now.mockReturnValue(sentAt);
      startFirstReads({ pathname: '/patients', search: '' });
      now.mockReturnValue(sentAt + 10_001);
      renderPortal('/patients');
      await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5000 });
      expect(sent(server, clinicList)).toHaveLength(2);
    } finally {
      now.mockRestore();
    }
  });

  it("are dropped at a sign-out: the next sign-in's screen asks anew", async () => {
    signInAs('Nurse');
    const server = serveClinic();
    startFirstReads({ pathname: '/patients', search: '' });
    sessionStore.clear();
    signInAs('Nurse');
    renderPortal('/patients');
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5000 });
    expect(sent(server, clinicList)).toHaveLength(2);
  });
});

describe("the opened screen's code", () => {
  it("starts loading before the first render when signed in, and not for a visitor, an open screen or another role's screen", () => {
    const patients = jest.spyOn(screens.patients, 'preload');
    const patient = jest.spyOn(screens.patientExchanges, 'preload');
    try {
      loadOpenedScreen({ pathname: '/patients', search: '' });
      expect(patients).not.toHaveBeenCalled(); // nobody signed in: /login comes first
      signInAs('LiberDiAdmin');
      loadOpenedScreen({ pathname: '/patients', search: '' });
      expect(patients).not.toHaveBeenCalled(); // not this role's screen: it gets the not-found page
      signInAs('Nurse');
      loadOpenedScreen({ pathname: '/login', search: '' });
      loadOpenedScreen({ pathname: '/nowhere', search: '' });
      expect(patients).not.toHaveBeenCalled();
      loadOpenedScreen({ pathname: '/patients', search: '' });
      loadOpenedScreen({ pathname: '/patient/exchanges', search: `?patientId=${PATIENT_ID}` });
      expect(patients).toHaveBeenCalledTimes(1);
      expect(patient).toHaveBeenCalledTimes(1);
    } finally {
      patients.mockRestore();
      patient.mockRestore();
    }
  });
});
