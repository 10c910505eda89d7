import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PatientProfileResult, PatientUpdateInput } from '@shared/api/patients';
import { staffRouteId } from '@shared/api/routes/staff';
import { patients } from '@shared/messages/patients';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import type { DropdownOption } from '@web/src/components/fields/dropdown-field';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';
import { ApiError, call, errorMessages } from '@web/src/lib/api-client';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { useStaffUser, type StaffUser } from '@web/src/lib/staff';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { changedFields, labelOf, PatientFormFields, patientFormSchema, patientValues, type PhysicianChoice } from '../patient-form/patient-form';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const m = messages.patients;
const f = m.form;

/** The assigned physician as the profile names them (their name, or their id when they left the clinic). */
function currentPhysician(result: PatientProfileResult): DropdownOption {
  const physician = result.assignedPhysician;
  return { value: result.Profile.DoctorID_ref, label: physician ? `${physician.FirstName} ${physician.LastName}` : result.Profile.DoctorID_ref };
}

interface ProfileFormProps {
  staff: StaffUser;
  patientId: string;
  result: PatientProfileResult;
  physicians: PhysicianChoice;
}

function ProfileForm({ staff, patientId, result, physicians }: ProfileFormProps) {
  const client = useQueryClient();
  const editable = staff.role !== 'Nurse';
  const [saved, setSaved] = useState(() => patientValues(result));
  const [changedLabels, setChangedLabels] = useState<string[]>();
  const patientName = [result.PIIProfile[0]?.FirstName, result.PIIProfile[0]?.LastName].filter(Boolean).join(' ');
  const form = useZodForm({
    schema: patientFormSchema,
    initialValues: saved,
    confirm: true,
    // Spec 8: "Patient was not updated - Please check the data you've entered for:", the patient, the reasons.
    errorMessages: (error) => [m.notUpdated, patientName, ...(error instanceof ApiError && error.noAnswer ? [m.tryAgain] : errorMessages(error))],
    onSubmit: async (values) => {
      if (staff.role === 'Nurse') return;
      const changed = changedFields(form.values, saved);
      // Only what changed is sent; the assigned physician is DoctorID_ref on a profile.
      const body = Object.fromEntries(changed.map((name) => [name === 'DoctorID' ? 'DoctorID_ref' : name, values[name]])) as PatientUpdateInput;
      const answer = await call(staffRouteId('updatePatient', staff.role), { params: { id: staff.userId, patientId }, body });
      const next = patientValues(answer);
      setSaved(next);
      form.reset(next);
      setChangedLabels((answer.changed.length ? answer.changed : changed).map(labelOf));
      await client.invalidateQueries({ queryKey: [staff.role === 'Doctor' ? 'getallpatientsAsDoctor' : staffRouteId('getAllClinicPatients', staff.role)] });
    },
  });
  const changed = useMemo(() => changedFields(form.values, saved), [form.values, saved]);

  return (
    <>
      <form onSubmit={form.submit} noValidate>
        {/* The form's header carries Save: one Cloudscape Form less keeps /login's shared chunks as they were. */}
        <SpaceBetween size="l">
          <Header
            variant="h2"
            actions={
              editable ? (
                <Button variant="primary" formAction="submit" disabled={!form.canSave || changed.length === 0} loading={form.busy} data-testid="save-profile">
                  {f.save}
                </Button>
              ) : undefined
            }
          >
            {m.profileTitle}
          </Header>
          <PatientFormFields form={form} physicians={physicians} readOnly={!editable} />
        </SpaceBetween>
      </form>
      <ConfirmationDialog title={f.confirmUpdateTitle} lines={[f.confirmUpdate, f.cannotUndo]} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
      <NoticeDialog title={changedLabels ? m.updated : undefined} lines={changedLabels} onOk={() => setChangedLabels(undefined)} />
    </>
  );
}

/** A director may give the patient to any doctor of the clinic (…/getAllClinicDoctors/). */
function DirectorProfileForm(props: Omit<ProfileFormProps, 'physicians'>) {
  const doctors = useApiQuery('getAllClinicDoctorsAsDirector', { params: { id: props.staff.userId } });
  const options = useMemo<DropdownOption[]>(() => {
    const list = (doctors.data?.[0]?.UserList ?? []).map((doctor) => ({ value: doctor.UserID, label: `${doctor.FirstName} ${doctor.LastName}` }));
    const current = currentPhysician(props.result);
    return list.some((option) => option.value === current.value) ? list : [current, ...list];
  }, [doctors.data, props.result]);
  return (
    <>
      <ProfileForm {...props} physicians={{ options, fixed: false }} />
      {doctors.error ? <ErrorDialog messages={errorMessages(doctors.error)} onClose={() => void doctors.refetch()} /> : null}
    </>
  );
}

/**
 * The Profile tab (spec 2 "Patient area", 5 "Patient create and profile", 6, 8): 'PATIENT PROFILE'
 * with the fields of /addPatient, prefilled. A director and a doctor change them (a doctor not the
 * assigned physician); Save asks confirmation, sends only the changed fields, and names them. A
 * nurse reads the profile without a Save.
 */
export function PatientProfileTab({ patientId }: { patientId: string }) {
  const staff = useStaffUser();
  const query = useApiQuery(staffRouteId('getPatientProfile', staff.role), { params: { id: staff.userId, patientId } });
  return (
    <QueryState query={query}>
      {(result) =>
        staff.role === 'ClinicDirector' ? (
          <DirectorProfileForm staff={staff} patientId={patientId} result={result} />
        ) : (
          <ProfileForm staff={staff} patientId={patientId} result={result} physicians={{ options: [currentPhysician(result)], fixed: true }} />
        )
      }
    </QueryState>
  );
}
