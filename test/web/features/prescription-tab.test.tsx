import { act, screen, waitFor } from '@testing-library/react';
import createWrapper, { type SelectWrapper } from '@cloudscape-design/components/test-utils/dom';
import { prescriptionFormSchema } from '@shared/api/prescriptions';
import * as messages from '@shared/messages';
import { paths } from '@web/src/config/routes';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { PATIENT_ID, servePatient } from '../support/patient';
import { prescription, prescriptionAnswer, serveSettings, under } from '../support/treatment';
import { HOUR_MS } from '@shared/time';

/** The Prescription tab: approval header and notice, exchange cards' rules, save, polling, and the nurse's device assignment. */
jest.setTimeout(60_000);
beforeEach(() => resetPortal());

const p = messages.prescriptions;
const SLOW = { timeout: 15000 };
const page = () => createWrapper(document.body);
const status = () => document.querySelector('[data-testid="prescription-status"]')?.textContent;
const card = (number: number) => createWrapper(document.querySelector<HTMLElement>(`[data-testid="exchange-card-${number}"]`)!);
const visibleModal = () =>
  page()
    .findAllModals()
    .find((modal) => modal.isVisible());
const modalButton = (label: string) =>
  visibleModal()
    ?.findFooter()
    ?.findAllButtons()
    .find((button) => button.getElement().textContent === label);
const buttonNamed = (label: string) =>
  page()
    .findAllButtons()
    .find((button) => button.getElement().textContent === label);
const choose = (select: SelectWrapper | null | undefined, value: string) => {
  act(() => select!.openDropdown());
  act(() => select!.selectOptionByValue(value));
};
/** Waits until `find` gives something. */
const found = <T,>(find: () => T | null | undefined) =>
  waitFor(() => {
    const value = find();
    if (!value) throw new Error('not yet');
    return value;
  }, SLOW);

function open(role: 'Doctor' | 'Nurse' | 'ClinicDirector', answer = prescriptionAnswer(prescription())) {
  signInAs(role);
  const server = serveSettings(servePatient(fakeServer())).on('GET', under('getPrescription'), { status: 200, body: answer });
  renderPortal(paths.patientPrescription({ patientId: PATIENT_ID }));
  return server;
}

it("shows 'Prescription not approved' with the notice when it has waited 8 hours or more", async () => {
  open('Doctor', prescriptionAnswer(prescription({ Created_UTC: new Date(Date.now() - 9 * HOUR_MS).toISOString() })));
  await waitFor(() => expect(status()).toBe(p.notApproved), SLOW);
  expect(document.body.textContent).toContain(p.notApprovedNotice);
});

it('shows no notice for a prescription sent an hour ago, and the approved header for an approved one', async () => {
  const first = open('Doctor');
  await waitFor(() => expect(status()).toBe(p.notApproved), SLOW);
  expect(document.body.textContent).not.toContain(p.notApprovedNotice);
  first.on('GET', under('getPrescription'), {
    status: 200,
    body: prescriptionAnswer(prescription({ Approved: true, ApprovedChangedAt: '2020-01-01T00:00:00.000Z' })),
  });
  await waitFor(() => expect(status()).toBe(p.approved), { timeout: 10000 });
  expect(document.body.textContent).not.toContain(p.notApprovedNotice);
});

it("says 'Time already selected' for a duplicate time and the dwell-gap message for times too close", async () => {
  open('Doctor');
  await waitFor(() => expect(document.querySelector('[data-testid="exchange-card-1"]')).not.toBeNull(), SLOW);
  const timeSelects = () => card(1).findAllSelects();
  // Fluid, Time 1 (08:00), Time 2 (14:00).
  choose(timeSelects()[2], '08:00');
  await waitFor(() => expect(card(1).getElement().textContent).toContain(p.timeAlreadySelected));
  choose(timeSelects()[2], '09:00');
  await waitFor(() => expect(card(1).getElement().textContent).toContain(p.dwellGap));
  choose(timeSelects()[2], '11:00');
  await waitFor(() => expect(card(1).getElement().textContent).not.toContain(p.dwellGap));
});

it("saves a new prescription of two cards with the patient's time zone; the header turns approved once the device acknowledges", async () => {
  let approved = false;
  const server = open('Doctor', prescriptionAnswer(null));
  server.on('GET', under('getPrescription'), () => ({
    status: 200,
    body: prescriptionAnswer(
      server.calls.some((c) => c.method === 'POST') ? prescription({ Approved: approved, Created_UTC: new Date().toISOString() }) : null,
    ),
  }));
  server.on('POST', under('addPrescription'), { status: 200, body: prescription() });
  await waitFor(() => expect(document.querySelector('[data-testid="exchange-card-1"]')).not.toBeNull(), SLOW);
  expect(status()).toBe(p.notApproved);
  // The device linked to the patient starts verified.
  expect(document.body.textContent).toContain(p.screen.verified);
  choose(card(1).findAllSelects()[0], 'DIAneal 1.36%');
  act(() => buttonNamed(p.screen.addExchange)!.click());
  await waitFor(() => expect(document.querySelector('[data-testid="exchange-card-2"]')).not.toBeNull());
  // A new card's time is the latest plus the dwell time (03:00).
  expect(card(2).findAllSelects()[1]!.findTrigger().getElement().textContent).toContain('03:00');
  choose(card(2).findAllSelects()[0], 'EXTRAneal');
  act(() => buttonNamed(p.screen.save)!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.screen.confirmTitle));
  act(() => modalButton('Accept')!.click());
  await waitFor(() => expect(server.callsTo('POST', `/doctors/user-Doctor/patients/${PATIENT_ID}/addPrescription`)).toHaveLength(1));
  const body = server.callsTo('POST', `/doctors/user-Doctor/patients/${PATIENT_ID}/addPrescription`)[0]!.body as Record<string, unknown>;
  expect(prescriptionFormSchema('03:00').safeParse(body).success).toBe(true);
  expect(body).toMatchObject({
    SerialNumber: '100-00001',
    DrainTime: 20,
    FillTime: 10,
    Exchanges: [
      { ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeTime: ['00:00'] },
      { ExchangeFluid: 'EXTRAneal', ExchangeLiter: 2, ExchangeTime: ['03:00'] },
    ],
  });
  expect(typeof body.patientTimeZone).toBe('string');
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.created));
  act(() => modalButton('OK')!.click());
  await waitFor(() => expect(status()).toBe(p.notApproved));
  approved = true;
  await waitFor(() => expect(status()).toBe(p.approved), { timeout: 10000 });
});

it("blocks saving with 'Prescription is not saved' and the patient's name when inputs are missing", async () => {
  const server = open('ClinicDirector', prescriptionAnswer(null));
  await waitFor(() => expect(document.querySelector('[data-testid="exchange-card-1"]')).not.toBeNull(), SLOW);
  await screen.findByRole('heading', { name: 'Ada Patient' }, SLOW);
  act(() => buttonNamed(p.screen.save)!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.notSavedTitle));
  const text = visibleModal()!.findContent().getElement().textContent;
  expect(text).toContain(p.fillInRequired);
  expect(text).toContain('Ada Patient');
  expect(text).toContain(p.exchangeFluidRequired);
  expect(server.calls.filter((c) => c.method === 'POST' && c.url.includes('addPrescription'))).toHaveLength(0);
});

it("shows 'Prescription was not created' with the IDA# text when the server refuses", async () => {
  const server = open('Doctor');
  server.on('POST', under('addPrescription'), { status: 400, body: { message: p.notPatientsDevice } });
  await waitFor(() => expect(document.querySelector('[data-testid="exchange-card-1"]')).not.toBeNull(), SLOW);
  await screen.findByRole('heading', { name: 'Ada Patient' }, SLOW);
  act(() => buttonNamed(p.screen.save)!.click());
  await waitFor(() => expect(modalButton('Accept')).toBeDefined());
  act(() => modalButton('Accept')!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.notCreated));
  expect(visibleModal()!.findContent().getElement().textContent).toContain(p.checkDeviceNumber);
  expect(visibleModal()!.findContent().getElement().textContent).toContain('Ada Patient');
});

it('keeps the first card for a doctor and deletes another one after confirmation', async () => {
  open('Doctor', prescriptionAnswer(prescription({ Exchanges: [prescription().Exchanges[0]!, { ...prescription().Exchanges[0]!, ExchangeTime: ['20:00'] }] })));
  await waitFor(() => expect(document.querySelector('[data-testid="exchange-card-2"]')).not.toBeNull(), SLOW);
  const deleteOf = (number: number) => page().findButton(`[aria-label="${p.screen.deleteExchange(number)}"]`)!;
  expect(deleteOf(1).isDisabled()).toBe(true);
  act(() => deleteOf(2).click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.screen.deleteTitle));
  act(() => modalButton('Accept')!.click());
  await waitFor(() => expect(document.querySelector('[data-testid="exchange-card-2"]')).toBeNull());
});

it('lets a nurse change only the IDA#: verified by its last 4 characters, assigned, and moved from another patient after confirmation', async () => {
  const server = open('Nurse');
  let calls = 0;
  server.on('POST', under('addDevice'), (call) => {
    calls += 1;
    return (call.body as { move?: boolean }).move
      ? { status: 200, body: { status: 'assigned', device: { DeviceID: 'd2', SerialNumber: '100-00002' }, prescription: prescription(), moved: true } }
      : { status: 409, body: { message: p.deviceLinkedToOther } };
  });
  await waitFor(() => expect(document.querySelector('[data-testid="exchange-card-1"]')).not.toBeNull(), SLOW);
  await screen.findByRole('heading', { name: 'Ada Patient' }, SLOW);
  // Everything but the IDA# is disabled.
  expect(
    card(1)
      .findAllSelects()
      .every((select) => select.isDisabled()),
  ).toBe(true);
  expect(buttonNamed(p.screen.addExchange)!.isDisabled()).toBe(true);
  const serial = () => page().findInput('[data-testid="serial-number"]')!;
  expect(serial().getInputValue()).toBe('100-00001');
  act(() => serial().setInputValue('100-0000x2'));
  // Only digits, '.' and '-' are kept; editing asks for verification.
  expect(serial().getInputValue()).toBe('100-00002');
  const verify = await found(() => page().findInput('[data-testid="serial-number-verify"]'));
  act(() => verify.setInputValue('0003'));
  expect(document.body.textContent).toContain(p.screen.verifyMismatch);
  act(() => buttonNamed(p.screen.save)!.click());
  await waitFor(() => expect(visibleModal()?.findContent().getElement().textContent).toContain(p.serialNumberRequired));
  act(() => visibleModal()!.findFooter()!.findAllButtons()[0]!.click());
  act(() => page().findInput('[data-testid="serial-number-verify"]')!.setInputValue('0002'));
  await waitFor(() => expect(document.body.textContent).toContain(p.screen.verified));
  act(() => buttonNamed(p.screen.save)!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.screen.deviceConfirmTitle));
  act(() => modalButton('Accept')!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.screen.moveTitle));
  act(() => modalButton(p.screen.move)!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.deviceAssigned));
  expect(calls).toBe(2);
  const bodies = server.callsTo('POST', `/nurses/user-Nurse/patients/${PATIENT_ID}/addDevice`).map((c) => c.body);
  expect(bodies).toEqual([{ SerialNumber: '100-00002' }, { SerialNumber: '100-00002', move: true }]);
  expect(server.calls.some((c) => c.url.includes('addPrescription'))).toBe(false);
});

it("shows 'Device was not assigned' with the IDA# text when the device cannot be linked", async () => {
  const server = open('Nurse', prescriptionAnswer(null, null));
  server.on('POST', under('addDevice'), { status: 400, body: { message: p.deviceDisabled } });
  await screen.findByRole('heading', { name: 'Ada Patient' }, SLOW);
  const serial = await found(() => page().findInput('[data-testid="serial-number"]'));
  act(() => serial.setInputValue('100-00007'));
  act(() => page().findInput('[data-testid="serial-number-verify"]')!.setInputValue('0007'));
  act(() => buttonNamed(p.screen.save)!.click());
  await waitFor(() => expect(modalButton('Accept')).toBeDefined());
  act(() => modalButton('Accept')!.click());
  await waitFor(() => expect(visibleModal()?.findHeader().getElement().textContent).toBe(p.deviceNotAssigned));
  expect(visibleModal()!.findContent().getElement().textContent).toContain(p.checkDeviceNumber);
  expect(visibleModal()!.findContent().getElement().textContent).toContain(p.deviceDisabled);
});

it("says 'SN length must be 9 characters' for a short IDA#", async () => {
  open('Nurse', prescriptionAnswer(null, null));
  const serial = await found(() => page().findInput('[data-testid="serial-number"]'));
  act(() => serial.setInputValue('100-0'));
  await waitFor(() => expect(document.body.textContent).toContain(p.serialNumberLength));
});
