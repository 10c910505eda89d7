import { QueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '@web/src/lib/api-hooks';
import { isAffected } from '@web/src/lib/live';
import type { ChangeNotice } from '@shared/live';

/** Which cached screens a change notice makes read again (docs/live-screens.md): the lists, and the notice's patient and device only. */
const notice: ChangeNotice = { kind: 'exchange', DeviceID: 'device-1', PatientID: 'patient-1', ClinicID: 'clinic-1', ServiceProviderID: 'sp-1' };
const affected = (queryKey: readonly unknown[], notices: ChangeNotice[] = [notice]) => isAffected({ queryKey }, notices);

describe('isAffected', () => {
  it("refreshes the patient lists and the device lists, whoever's notice it is", () => {
    expect(affected([...queryKeyOf('getAllClinicPatientsAsNurse', { params: { id: 'nurse-1' } }), 'pages'])).toBe(true);
    expect(affected([...queryKeyOf('getallpatientsAsDoctor', { params: { id: 'doctor-1' } }), 'pages'])).toBe(true);
    expect(affected([...queryKeyOf('getAllDevices', { params: { adminId: 'admin-1' }, query: { clinicId: 'clinic-9' } }), 'pages'])).toBe(true);
  });

  it("refreshes the notice's patient's screen (profile, exchanges, prescription header) and the device's screens", () => {
    expect(affected(queryKeyOf('getPatientProfileAsNurse', { params: { id: 'nurse-1', patientId: 'patient-1' } }))).toBe(true);
    expect(affected(queryKeyOf('getPrescriptionAsDoctor', { params: { id: 'doctor-1', patientId: 'patient-1' } }))).toBe(true);
    expect(affected([...queryKeyOf('getExchangesAsNurse', { params: { id: 'nurse-1', patientId: 'patient-1' } }), 'pages'])).toBe(true);
    expect(affected(queryKeyOf('getDeviceProfile', { params: { adminId: 'admin-1', id: 'device-1' } }))).toBe(true);
  });

  it("leaves other patients' and devices' screens and unrelated data alone", () => {
    expect(affected(queryKeyOf('getPatientProfileAsNurse', { params: { id: 'nurse-1', patientId: 'patient-2' } }))).toBe(false);
    expect(affected(queryKeyOf('getDeviceProfile', { params: { adminId: 'admin-1', id: 'device-2' } }))).toBe(false);
    expect(affected(queryKeyOf('getGlobalSettings', {}))).toBe(false);
    expect(affected(queryKeyOf('getAllClinicDoctorsAsNurse', { params: { id: 'nurse-1' } }))).toBe(false);
    // A device of no patient names no patient: a patient query is not matched by an absent id.
    expect(
      affected(queryKeyOf('getPatientProfileAsNurse', { params: { id: 'nurse-1', patientId: 'patient-1' } }), [{ kind: 'error', DeviceID: 'device-3' }]),
    ).toBe(false);
  });

  it('refetches only the active queries the notice affects', async () => {
    const client = new QueryClient();
    const read: string[] = [];
    const observe = (key: readonly unknown[]) => client.getQueryCache().build(client, { queryKey: key, queryFn: async () => read.push(JSON.stringify(key)) });
    const mine = observe(queryKeyOf('getPatientProfileAsNurse', { params: { id: 'n', patientId: 'patient-1' } }));
    const other = observe(queryKeyOf('getPatientProfileAsNurse', { params: { id: 'n', patientId: 'patient-2' } }));
    await Promise.all([mine.fetch(), other.fetch()]);
    read.length = 0;
    await client.invalidateQueries({ predicate: (query) => isAffected(query, [notice]), refetchType: 'all' });
    expect(read).toEqual([JSON.stringify(mine.queryKey)]);
    expect(other.state.isInvalidated).toBe(false);
  });
});
