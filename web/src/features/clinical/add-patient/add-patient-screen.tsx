import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { staffRouteId } from '@shared/api/routes/staff';
import { navigation } from '@shared/messages/navigation';
import { patients } from '@shared/messages/patients';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import type { DropdownOption } from '@web/src/components/fields/dropdown-field';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { paths } from '@web/src/config/routes';
import { ApiError, call, errorMessages } from '@web/src/lib/api-client';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { originState } from '@web/src/lib/navigation';
import { useStaffUser, type StaffUser } from '@web/src/lib/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { emptyPatient, PatientFormFields, patientFormSchema, type PhysicianChoice } from '../patient-form/patient-form';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { navigation, patients };

const m = messages.patients;
const f = m.form;

/**
 * Why a create failed (spec 8 "Patient"): "Please check the data you've entered" and the
 * server's reasons ('SocialId is already registered.'), or 'Please try again' when no answer came.
 */
export function notCreatedMessages(error: unknown): string[] {
  const reasons = errorMessages(error);
  if (error instanceof ApiError && error.noAnswer) return [m.tryAgain];
  return reasons.length ? [m.checkData, ...reasons] : [m.tryAgain];
}

function AddPatientForm({ staff, physicians }: { staff: StaffUser; physicians: PhysicianChoice }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [savedId, setSavedId] = useState<string>();
  const initialValues = useMemo(() => emptyPatient(staff.role === 'Nurse' ? '' : staff.userId), [staff.role, staff.userId]);
  const form = useZodForm({
    schema: patientFormSchema,
    initialValues,
    confirm: true,
    errorMessages: notCreatedMessages,
    onSubmit: async (body) => {
      const result = await call(staffRouteId('signupPatient', staff.role), { params: { id: staff.userId }, body });
      // The clinic's list reads the new patient next time.
      await client.invalidateQueries({ queryKey: [staff.role === 'Doctor' ? 'getallpatientsAsDoctor' : staffRouteId('getAllClinicPatients', staff.role)] });
      setSavedId(result.Patient.UserID);
    },
  });
  return (
    <>
      <form onSubmit={form.submit} noValidate>
        {/* The form's header carries Save: one Cloudscape Form less keeps /login's shared chunks as they were. */}
        <SpaceBetween size="l">
          <Header
            variant="h1"
            actions={
              <Button variant="primary" formAction="submit" disabled={!form.canSave} loading={form.busy} data-testid="save-patient">
                {f.save}
              </Button>
            }
          >
            {messages.navigation.addPatient}
          </Header>
          <PatientFormFields form={form} physicians={physicians} />
        </SpaceBetween>
      </form>
      <ConfirmationDialog title={f.confirmCreateTitle} lines={[f.confirmCreate, f.cannotUndo]} {...form.confirmation} />
      <ErrorDialog title={m.notCreatedTitle} {...form.errorDialog} />
      <NoticeDialog
        title={savedId ? m.saved : undefined}
        onOk={() => navigate(paths.patientPrescription({ patientId: savedId ?? '' }), { state: originState(paths.patients()) })}
      />
    </>
  );
}

/** A director or nurse chooses among the clinic's doctors (…/getAllClinicDoctors/); a director is the default. */
function ClinicAddPatient({ staff }: { staff: StaffUser & { role: 'ClinicDirector' | 'Nurse' } }) {
  const doctors = useApiQuery(staffRouteId('getAllClinicDoctors', staff.role), { params: { id: staff.userId } });
  const options = useMemo<DropdownOption[]>(() => {
    const list = (doctors.data?.[0]?.UserList ?? []).map((doctor) => ({ value: doctor.UserID, label: `${doctor.FirstName} ${doctor.LastName}` }));
    if (staff.role === 'ClinicDirector' && !list.some((option) => option.value === staff.userId)) list.unshift({ value: staff.userId, label: staff.name });
    return list;
  }, [doctors.data, staff]);
  return (
    <>
      <AddPatientForm staff={staff} physicians={{ options, fixed: false }} />
      {doctors.error ? <ErrorDialog messages={errorMessages(doctors.error)} onClose={() => void doctors.refetch()} /> : null}
    </>
  );
}

/**
 * /addPatient (spec 2, 4 "Creation flows", 5 "Patient create and profile", 6): every field of a
 * patient with the spec's rules; Save validates, asks confirmation, creates, says 'Patient Saved',
 * and OK opens the new patient's prescription (its back arrow returns to /patients). A doctor's
 * patient is assigned to the doctor (the field shows their name, disabled).
 */
export function AddPatientScreen() {
  const staff = useStaffUser();
  if (staff.role === 'Doctor') return <AddPatientForm staff={staff} physicians={{ options: [{ value: staff.userId, label: staff.name }], fixed: true }} />;
  return <ClinicAddPatient staff={{ ...staff, role: staff.role }} />;
}
