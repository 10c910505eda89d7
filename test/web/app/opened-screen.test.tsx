import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { startFirstReads } from '@web/src/app/first-reads';
import { firstDrawReady, loadOpenedScreen } from '@web/src/app/opened-screen';
import { preloadable } from '@web/src/app/preloadable';
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
    void startFirstReads({ pathname: '/patients', search: '' });
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
    void startFirstReads({ pathname: '/patients', search: '' });
    expect(sent(server, doctorList)).toEqual(['/api/v1/webapp/doctors/user-Doctor/getallpatients/?limit=250']);

    servePatient(server, [exchange(), exchange({ _id: 'x2' })]);
    const patientPath = paths.patientExchanges({ patientId: PATIENT_ID });
    void startFirstReads({ pathname: patientPath.split('?')[0]!, search: `?${patientPath.split('?')[1]}` });
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
    void startFirstReads({ pathname: '/patients', search: '' });
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
    void startFirstReads({ pathname: patientPath.split('?')[0]!, search: `?${patientPath.split('?')[1]}` });
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
    void startFirstReads({ pathname: '/patients', search: '' });
    signInAs('LiberDiAdmin');
    void startFirstReads({ pathname: '/patients', search: '' });
    signInAs('Nurse');
    void startFirstReads({ pathname: '/patients/week', search: '' });
    void startFirstReads({ pathname: '/patient/exchanges', search: '' });
    expect(server.calls).toEqual([]);
  });

  it('are asked for anew once older than 10 s', async () => {
    signInAs('Nurse');
    const server = serveClinic();
    const now = jest.spyOn(Date, 'now');
    try {
      const sentAt = Date.now();
      now.mockReturnValue(sentAt);
      void startFirstReads({ pathname: '/patients', search: '' });
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
    void startFirstReads({ pathname: '/patients', search: '' });
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
      void loadOpenedScreen({ pathname: '/patients', search: '' });
      expect(patients).not.toHaveBeenCalled(); // nobody signed in: /login comes first
      signInAs('LiberDiAdmin');
      void loadOpenedScreen({ pathname: '/patients', search: '' });
      expect(patients).not.toHaveBeenCalled(); // not this role's screen: it gets the not-found page
      signInAs('Nurse');
      void loadOpenedScreen({ pathname: '/login', search: '' });
      void loadOpenedScreen({ pathname: '/nowhere', search: '' });
      expect(patients).not.toHaveBeenCalled();
      void loadOpenedScreen({ pathname: '/patients', search: '' });
      void loadOpenedScreen({ pathname: '/patient/exchanges', search: `?patientId=${PATIENT_ID}` });
      expect(patients).toHaveBeenCalledTimes(1);
      expect(patient).toHaveBeenCalledTimes(1);
    } finally {
      patients.mockRestore();
      patient.mockRestore();
    }
  });
});

describe('the first render of an opened screen', () => {
  const drawn = (parts: Promise<unknown>[], waitMs: number) => {
    let ready = false;
    void firstDrawReady(parts, waitMs).then(() => (ready = true));
    return () => ready;
  };
  const later = () => {
    let settle!: (fail: boolean) => void;
    const part = new Promise<void>((resolve, reject) => (settle = (fail) => (fail ? reject(new Error('failed')) : resolve())));
    return { part, settle };
  };
  const flush = () => jest.advanceTimersByTimeAsync(0);

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("waits for the screen's code and its first answers, a failed one counting as in", async () => {
    const code = later();
    const answers = later();
    const ready = drawn([code.part, answers.part], 1000);
    code.settle(false);
    await flush();
    expect(ready()).toBe(false);
    answers.settle(true);
    await flush();
    expect(ready()).toBe(true);
  });

  it('waits no longer than it is given: a slow answer is shown as it comes', async () => {
    const answers = later();
    const ready = drawn([Promise.resolve(), answers.part], 1000);
    await jest.advanceTimersByTimeAsync(999);
    expect(ready()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(ready()).toBe(true);
  });
});

describe('a lazily loaded screen', () => {
  const fallback = <p>Loading the screen</p>;

  it('is drawn in the first render once its code is in, without the fallback', async () => {
    const Screen = preloadable(
      async () => ({ Page: () => <p>The screen</p> }),
      (module) => module.Page,
    );
    await Screen.preload();
    render(<Suspense fallback={fallback}>{<Screen />}</Suspense>);
    // React.lazy alone would show the fallback here and the screen in a retry.
    expect(screen.queryByText('The screen')).not.toBeNull();
    expect(screen.queryByText('Loading the screen')).toBeNull();
  });

  it('shows the fallback while its code loads, then the screen', async () => {
    let load!: () => void;
    const loaded = new Promise<void>((resolve) => (load = resolve));
    const Screen = preloadable(
      async () => {
        await loaded;
        return { Page: () => <p>The screen</p> };
      },
      (module) => module.Page,
    );
    render(<Suspense fallback={fallback}>{<Screen />}</Suspense>);
    expect(screen.queryByText('Loading the screen')).not.toBeNull();
    load();
    await screen.findByText('The screen');
    expect(screen.queryByText('Loading the screen')).toBeNull();
  });
});
