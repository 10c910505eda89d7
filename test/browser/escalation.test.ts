import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { onCallRepository } from '@functions/data/on-call-repository';
import type { UserRecord } from '@functions/data/users-repository';
import { raisePatientAlert } from '@functions/devices/patient-alerts';
import { makeAlert } from '@shared/alerts';
import { onCall } from '@shared/messages/on-call';
import { HOUR_MS, MINUTE_MS } from '@shared/time';
import { expectWcagClean } from '../support/axe';
import { clinicAndStaff } from '../support/admins';
import { fillSignIn, usePortal } from '../support/browser';
import { createTestPatient } from '../support/devices';

/**
 * The escalation walked in Chromium: the ClinicDirector reads the on-call rota (axe clean); an
 * alert left unresolved past its 15 minutes goes, at the check's run, to the nurse on call, whose
 * mail's link opens the patient after sign-in and acknowledges the notice.
 */
const PASSWORD = 'Test!pass1';
const seeded = { director: undefined as unknown as UserRecord, nurse: undefined as unknown as UserRecord, patientId: '' };

const portal = usePortal({
  seed: async () => {
    const { clinic, director, doctor, nurse } = await clinicAndStaff('escalation.example');
    Object.assign(seeded, { director, nurse });
    const shift = {
      ClinicID: clinic.ClinicID,
      ServiceProviderID: clinic.ServiceProviderID,
      ShiftID: 'walk-shift',
      UserID: nurse.UserID,
      Name: `${nurse.FirstName} ${nurse.LastName}`,
      From: new Date(Date.now() - HOUR_MS).toISOString(),
      To: new Date(Date.now() + 8 * HOUR_MS).toISOString(),
      Email: nurse.Email,
      Phone: '+972 4 555 0180',
      CreatedBy: director.UserID,
    };
    await onCallRepository.add(shift, 0, {
      AuditID: 'walk-audit',
      At: new Date().toISOString(),
      UserID: director.UserID,
      Role: 'ClinicDirector',
      Route: 'test',
      Action: 'write',
      Entity: 'OnCallShift',
      EntityID: shift.ShiftID,
      ClinicID: clinic.ClinicID,
      ServiceProviderID: clinic.ServiceProviderID,
      SourceIp: '127.0.0.1',
    });
    const { patient } = await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: doctor.UserID, LastName: 'Escalated' });
    seeded.patientId = patient.UserID;
    // Due a minute ago: the check takes the minutes that ended.
    const raisedAt = new Date(Date.now() - 16 * MINUTE_MS);
    await raisePatientAlert(patient.UserID, makeAlert('NoDrainAlert', 'No drain'), raisedAt.toISOString(), 'walk', raisedAt);
  },
});

async function signIn(page: Page, user: UserRecord) {
  await fillSignIn(page, user.Email, PASSWORD);
}

describe('the escalation of an unresolved alert', () => {
  it('shows the rota to the director, and the notice’s link acknowledges it for the nurse on call', async () => {
    const director = await portal.page('/login', { bypassCSP: true });
    await signIn(director, seeded.director);
    await director.waitForURL('**/patients');
    await director.getByRole('button', { name: onCall.open }).click();
    await director.waitForURL('**/patients/oncall');
    await director
      .getByRole('cell', { name: `${seeded.nurse.FirstName} ${seeded.nurse.LastName}` })
      .first()
      .waitFor();
    await expectWcagClean(director, 'on-call rota');

    // The check's run (each minute on its timer).
    await portal.stack.checkEscalations();
    const outbox = path.join(portal.stack.dataDir, 'outbox');
    const [file] = readdirSync(outbox).filter(
      (name) => name.endsWith(`-${seeded.nurse.Email}.json`) && readFileSync(path.join(outbox, name), 'utf8').includes('waiting'),
    );
    expect(file).toBeDefined();
    const { text } = JSON.parse(readFileSync(path.join(outbox, file!), 'utf8')) as { text: string };
    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
    expect(link.searchParams.get('patientId')).toBe(seeded.patientId);

    const nurse = await portal.page(`${link.pathname}${link.search}`, { bypassCSP: true });
    await nurse.waitForURL('**/login**');
    await signIn(nurse, seeded.nurse);
    await nurse.getByTestId('notice-acknowledged').waitFor();
    expect(await nurse.getByTestId('notice-acknowledged').innerText()).toBe(onCall.acknowledged);
    expect(new URL(nurse.url()).searchParams.get('notice')).toBeNull();
  }, 180_000);
});
