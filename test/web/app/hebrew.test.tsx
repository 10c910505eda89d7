import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { onCall } from '@shared/messages/on-call';
import { ROLES, type Role } from '@shared/roles';
import { defaultSettings, toSettingsList } from '@shared/settings';
import { currentLanguage, startLanguage, translateText } from '@web/src/lib/language';
import { dialText, shownCountryName } from '@web/src/lib/countries';
import { formatShortDate, numberText } from '@web/src/lib/format';
import { linksFor } from '@web/src/lib/navigation';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { providerProfile } from '../support/provider';
import { exchange, servePatient } from '../support/patient';

/**
 * The portal in Hebrew, as jsdom renders it: no text on the page may still be an English text of
 * the catalogue (an English text is one the Hebrew catalogue translates into something else).
 */
function englishTexts(): string[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = new Set<string>();
  const labels = [...document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap((element) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
  );
  const texts: string[] = [...labels];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const raw of texts) {
    const text = raw.trim();
    if (text && translateText(text) !== text) found.add(text);
  }
  return [...found];
}

/** Alerts as the rules stored them (in English), with the Hebrew a clinician reads for each. */
const storedAlert = (AlertID: string, flag: 'HighPulseAlert' | 'BPDecreasedAlert' | 'WeightIncreasedAlert', severity: 2 | 3, textValue: string) => ({
  AlertID,
  flag,
  severity,
  textValue,
  Time: '2026-01-09T08:00:00.000Z',
});
const pulseAlert = storedAlert('a1', 'HighPulseAlert', 2, 'Pulse 101 bpm is above 100 bpm');
const pressureAlert = storedAlert('a2', 'BPDecreasedAlert', 3, 'Blood pressure 85/55 mmHg: systolic 85 is below 90 mmHg, diastolic 55 is below 60 mmHg');
const weightAlert = storedAlert(
  'a3',
  'WeightIncreasedAlert',
  2,
  'Weight 72.1 kg is 2.1 kg above dry weight 70 kg (threshold 2 kg); Weight 72.1 kg rose 2.1 kg from 70 kg on 2026-01-07 (threshold 2 kg within 3 days)',
);
const inHebrew = {
  pulse: 'דופק 101 bpm מעל 100 bpm',
  pressure: 'לחץ דם 85/55 mmHg: סיסטולי 85 מתחת ל-90 mmHg, דיאסטולי 55 מתחת ל-60 mmHg',
  weight: 'משקל 72.1 kg גבוה ב-2.1 kg מהמשקל היבש 70 kg (סף 2 kg); משקל 72.1 kg עלה ב-2.1 kg לעומת 70 kg ב-2026-01-07 (סף 2 kg בתוך 3 ימים)',
};

beforeAll(() => startLanguage('he'));
beforeEach(resetPortal);

it('puts the page right to left in Hebrew', () => {
  expect(currentLanguage()).toBe('he');
  expect(document.documentElement.dir).toBe('rtl');
  expect(document.documentElement.lang).toBe('he');
});

it('names countries in Hebrew through Intl, keeps dialling codes left to right, and formats dates and numbers in he-IL', () => {
  expect(shownCountryName({ code: 'IL', name: 'Israel' })).toBe('ישראל');
  expect(dialText('+972')).toBe('\u2066+972\u2069');
  expect(formatShortDate(new Date(2026, 10, 27))).toBe('27.11.26');
  expect(numberText(1234.56)).toBe('1234.6');
});

it('shows /login in Hebrew only', async () => {
  fakeServer();
  renderPortal('/login');
  await screen.findByTestId('user-id-field');
  expect(englishTexts()).toEqual([]);
});

it("shows a clinician's shell and patients list in Hebrew only", async () => {
  const row = (index: number, gender: 'Male' | 'Female') => ({
    UserID: `p${index}`,
    ClinicID: 'clinic-1',
    patientName: `מטופל ${index}`,
    socialId: `10${index}`,
    status: { UserID: `p${index}`, alerts: [] },
    statusValue: 1,
    unresolved: 0,
    gender,
    DOB: '1960-01-01',
    age: 60 + index,
    Protocol: index === 1 ? '4 exchanges a day: DIAneal 1.36%, EXTRAneal' : '1 exchange a day: EXTRAneal',
    assignedPhysician: 'ד"ר כהן',
    assignedPhysicianId: 'doc-1',
    LastExchangeTime: '2026-01-10T08:00:00.000Z',
    disabled: false,
  });
  fakeServer().on('GET', /^\/clinicsDirector\/user-ClinicDirector\/getAllClinicPatients\//, {
    status: 200,
    body: { items: [row(1, 'Male'), row(2, 'Female')] },
  });
  signInAs('ClinicDirector');
  renderPortal('/patients');
  await screen.findByTestId('navigation', undefined, { timeout: 5000 });
  // The stored gender is shown by its Hebrew word.
  await screen.findByText('מטופל 2', undefined, { timeout: 5000 });
  expect(englishTexts()).toEqual([]);
  // The protocol, which the server words in English, in Hebrew: the count's word and the fluids.
  expect(screen.getByText('4 החלפות ביום: DIAneal 1.36%, EXTRAneal')).toBeTruthy();
  expect(screen.getByText('1 החלפה ביום: EXTRAneal')).toBeTruthy();
});

it("shows the patients list's alerts in Hebrew, in the status cell and its popover", async () => {
  const row = {
    UserID: 'p1',
    ClinicID: 'clinic-1',
    patientName: 'מטופל 1',
    socialId: '101',
    status: { UserID: 'p1', alerts: [pulseAlert, pressureAlert] },
    statusValue: 3,
    unresolved: 2,
    gender: 'Male',
    DOB: '1960-01-01',
    age: 66,
    Protocol: '4 x 2 L',
    assignedPhysician: 'ד"ר כהן',
    assignedPhysicianId: 'doc-1',
    LastExchangeTime: '2026-01-10T08:00:00.000Z',
    disabled: false,
  };
  fakeServer().on('GET', /^\/clinicsDirector\/user-ClinicDirector\/getAllClinicPatients\//, { status: 200, body: { items: [row] } });
  signInAs('ClinicDirector');
  renderPortal('/patients');
  // The summary is the decisive alert, the high one.
  await screen.findByText(inHebrew.pressure, undefined, { timeout: 5000 });
  const statusCell = createWrapper(document.querySelector<HTMLElement>('[data-patient-status="p1"]')!);
  expect(statusCell.findButton()!.getElement().getAttribute('aria-label')).toContain(inHebrew.pressure);
  act(() => statusCell.findButton()!.click());
  const popover = statusCell.findPopover()!.findContent()!.getElement().textContent;
  expect(popover).toContain(inHebrew.pressure);
  expect(popover).toContain(inHebrew.pulse);
  expect(document.body.textContent).not.toContain(pressureAlert.textValue);
  expect(document.body.textContent).not.toContain(pulseAlert.textValue);
  expect(englishTexts()).toEqual([]);
});

it("shows the exchanges table's alerts in Hebrew, a compound text part by part", async () => {
  const exchanges = [
    exchange({ _id: 'x1', StatusAlerts: { statusValue: 2, alerts: [weightAlert] } }),
    exchange({ _id: 'x2', DeviceLocalDate: '2026-11-20T12:04:00+01:00', StatusAlerts: { statusValue: 2, alerts: [pulseAlert] } }),
  ];
  servePatient(fakeServer(), exchanges);
  signInAs('Nurse');
  renderPortal('/patient/exchanges?patientId=p1');
  await screen.findByText(inHebrew.weight, undefined, { timeout: 5000 });
  expect(screen.getByText(inHebrew.pulse)).toBeTruthy();
  expect(document.body.textContent).not.toContain('above dry weight');
  expect(document.body.textContent).not.toContain('bpm is above');
  expect(englishTexts()).toEqual([]);
});

it("shows a patient's screen in Hebrew only", async () => {
  servePatient(fakeServer());
  signInAs('Nurse');
  renderPortal('/patient/exchanges?patientId=p1');
  await waitFor(() => expect(createWrapper(document.body).findTable()?.findRows().length).toBeGreaterThan(0), { timeout: 5000 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(englishTexts()).toEqual([]);
});

it("names the on-call form's day and hour inputs in Hebrew", async () => {
  fakeServer().on('GET', '/clinicsDirector/user-ClinicDirector/onCall', {
    status: 200,
    body: { items: [], clinicians: [{ UserID: 'n1', Name: 'Grace Hopper', Role: 'Nurse', Email: 'grace@clinic.example', Phone: '+972 4 555 0101' }] },
  });
  signInAs('ClinicDirector');
  renderPortal('/patients/oncall');
  await screen.findByText(onCall.empty, undefined, { timeout: 5000 });
  act(() => screen.getByRole('button', { name: onCall.addShift }).click());
  await waitFor(() => expect(createWrapper(document.body).findAllTimeInputs()).toHaveLength(2));
  const names = [...document.querySelectorAll('input')].map((input) => input.getAttribute('aria-label')).filter((name) => name !== null);
  expect(names).toEqual(expect.arrayContaining(['תאריך התחלה', 'שעת התחלה', 'תאריך סיום', 'שעת סיום']));
  expect(names.filter((name) => /[A-Za-z]/.test(name))).toEqual([]);
});

/** Every list the admin screens read answers empty; the screens then show their headers, filters and empty states. */
const emptyLists = (server: ReturnType<typeof fakeServer>) =>
  server
    .on('GET', /.*/, { status: 200, body: { items: [] } })
    .on('GET', /\/general\/d_update$/, { status: 200, body: [] })
    .on('GET', '/spadmins/user-ServiceProviderAdmin/getMySP', {
      status: 200,
      body: providerProfile(),
    })
    .on('GET', '/clinicsAdmins/user-ClinicAdmin/getMyClinic', {
      status: 200,
      body: {
        ClinicID: 'c1',
        ClinicName: 'North Clinic',
        Phone: '+1 555 0100',
        ClinicAddress: { Country: 'Israel', City: 'Haifa', Street: '1 Herzl St' },
        ServiceProviderName: 'Care',
        ClinicIsEnabled: true,
        Settings: toSettingsList(defaultSettings).map((entry) => ({ ...entry, from: 'provider' })),
      },
    });

describe.each(ROLES.map((role) => [role]))("%s's screens in Hebrew", (role: Role) => {
  it.each(linksFor(role).map((link) => [link.path]))('%s shows no English text of the catalogue', async (path) => {
    emptyLists(fakeServer());
    signInAs(role);
    renderPortal(path);
    await screen.findByTestId('navigation', undefined, { timeout: 5000 });
    await waitFor(() => expect(document.querySelector('main h1, main h2, [data-testid="screen-title"], form')).not.toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(document.querySelector('[class*="awsui_spinner"], [class*="spinner"]')).toBeNull(), { timeout: 5000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(englishTexts()).toEqual([]);
    expect(document.body.textContent).toMatch(/[\u0590-\u05FF]/);
  });
});
