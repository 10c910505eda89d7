import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { alertSummary } from '@shared/alerts/alert';
import type { PatientListItem } from '@shared/api/patients';
import { careWeek } from '@shared/messages/care-week';
import { onCall } from '@shared/messages/on-call';
import { dialogs } from '@shared/messages/dialogs';
import { navigation } from '@shared/messages/navigation';
import { patients } from '@shared/messages/patients';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DataList, type DefaultOrder, type ListFilter } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { paths } from '@web/src/config/routes';
import { errorMessages } from '@web/src/lib/api-client';
import { alertText, translateText } from '@web/src/lib/language';
import { useApiList } from '@web/src/lib/api-hooks';
import { originState } from '@web/src/lib/navigation';
import { useStaffUser } from '@web/src/lib/staff';
import { EVERY_PAGE, patientListRead, type PatientListRead } from '../clinical-reads';
import { compareForReview } from './review-order';
import { StatusText } from '@web/src/components/status-text';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { careWeek, dialogs, navigation, onCall, patients };

const m = messages.patients;
const t = m.list;
const c = t.columns;

type Severity = 1 | 2 | 3;
/** Spec 4 "Alert severity": 1 green, 2 yellow, 3 red. */
const indicatorOf: Record<Severity, StatusIndicatorProps.Type> = { 1: 'success', 2: 'warning', 3: 'error' };

/** The status cell: the severity's icon, the summary, and with alerts a popover listing each with its severity. */
function StatusCell({ patient }: { patient: PatientListItem }) {
  const alerts = patient.status.alerts;
  const summary = alertSummary(alerts);
  const type = indicatorOf[patient.statusValue];
  const label = t.severities[patient.statusValue];
  if (!summary)
    return (
      <StatusText type={type} iconAriaLabel={label}>
        {label}
      </StatusText>
    );
  const hidden = patient.unresolved - alerts.length;
  return (
    // A click on the popover opens it; it does not open the patient.
    <span onClick={(event) => event.stopPropagation()} data-patient-status={patient.UserID}>
      <Popover
        header={t.alerts}
        dismissAriaLabel={messages.dialogs.close}
        triggerType="custom"
        size="large"
        content={
          <SpaceBetween size="xs">
            {alerts.map((alert) => (
              <StatusText key={alert.AlertID} type={indicatorOf[alert.severity]}>
                {t.severities[alert.severity]}: {alertText(alert)}
              </StatusText>
            ))}
            {hidden > 0 && <Box color="text-body-secondary">{t.moreAlerts(hidden)}</Box>}
          </SpaceBetween>
        }
      >
        <Button variant="inline-link" ariaLabel={`${c.status}: ${label}, ${alertText(summary)}`}>
          <StatusText type={type} iconAriaLabel={label}>
            {alertText(summary)}
          </StatusText>
        </Button>
      </Popover>
    </span>
  );
}

const genderLabel = (gender: PatientListItem['gender']) => ({ Male: m.form.male, Female: m.form.female })[gender] ?? gender;

const baseColumns: ListColumn<PatientListItem>[] = [
  { id: 'patientName', header: c.patientName, value: (patient) => patient.patientName },
  { id: 'socialId', header: c.socialId, value: (patient) => patient.socialId },
  {
    id: 'status',
    header: c.status,
    value: (patient) => patient.statusValue,
    cell: (patient) => <StatusCell patient={patient} />,
    type: 'number',
    minWidth: 260,
  },
  // The stored value sorts and exports; the cell shows its word in the page's language.
  { id: 'gender', header: c.gender, value: (patient) => patient.gender, cell: (patient) => genderLabel(patient.gender) },
  { id: 'age', header: c.age, value: (patient) => patient.age, type: 'number' },
  // Made and stored by the server in English: shown, searched and exported in the page's language.
  { id: 'Protocol', header: c.Protocol, value: (patient) => translateText(patient.Protocol) },
];
const physicianColumn: ListColumn<PatientListItem> = { id: 'assignedPhysician', header: c.assignedPhysician, value: (patient) => patient.assignedPhysician };

const statusFilter: ListFilter<PatientListItem> = {
  id: 'status',
  label: t.statusFilter,
  options: ([3, 2, 1] as const).map((value) => ({ value: String(value), label: t.severities[value] })),
  matches: (patient, value) => String(patient.statusValue) === value,
};

const reviewOrder: DefaultOrder<PatientListItem> = { label: t.reviewOrder, description: t.reviewOrderDescription, compare: compareForReview };

/** The physicians the rows name, as the physician filter's choices. */
function physicianFilter(patients: readonly PatientListItem[]): ListFilter<PatientListItem> {
  const names = new Map<string, string>();
  for (const patient of patients) if (patient.assignedPhysicianId) names.set(patient.assignedPhysicianId, patient.assignedPhysician);
  const options = [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return { id: 'physician', label: t.physicianFilter, options, matches: (patient, value) => patient.assignedPhysicianId === value };
}

type PatientPages = ReturnType<typeof useApiList<'getallpatientsAsDoctor'>>;

function PatientList({ pages, withPhysician, withWeek = false }: { pages: PatientPages; withPhysician: boolean; withWeek?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const items = pages.items;
  const columns = useMemo(() => (withPhysician ? [...baseColumns, physicianColumn] : baseColumns), [withPhysician]);
  const filters = useMemo(() => (withPhysician ? [statusFilter, physicianFilter(items)] : [statusFilter]), [withPhysician, items]);
  return (
    <>
      <DataList<PatientListItem>
        title={messages.navigation.patients}
        items={items}
        columns={columns}
        trackBy={(patient) => patient.UserID}
        // Every page is read before the list shows: it sorts and filters the whole clinic.
        loading={pages.isPending || pages.hasNextPage}
        isDisabled={(patient) => patient.disabled}
        filters={filters}
        defaultOrder={reviewOrder}
        onRowClick={(patient) => navigate(paths.patientExchanges({ patientId: patient.UserID }), { state: originState(location) })}
        // An array, not a fragment: the header's SpaceBetween spaces each child, and React 19 no longer flattens fragments.
        actions={[
          withWeek && (
            <Button key="week" iconName="calendar" onClick={() => navigate(paths.careTeamWeek(), { state: originState(location) })}>
              {messages.careWeek.open}
            </Button>
          ),
          withWeek && (
            <Button key="on-call" iconName="contact" onClick={() => navigate(paths.onCall(), { state: originState(location) })}>
              {messages.onCall.open}
            </Button>
          ),
          <Button key="add" iconName="add-plus" onClick={() => navigate(paths.addPatient(), { state: originState(location) })}>
            {messages.navigation.addPatient}
          </Button>,
        ]}
      />
      {pages.error ? <ErrorDialog messages={errorMessages(pages.error)} onClose={() => void pages.refetch()} /> : null}
    </>
  );
}

/** A doctor's own patients (…/getallpatients/): no physician column or filter (spec 6 "Other rules"). */
function DoctorPatients({ read }: { read: Extract<PatientListRead, { role: 'Doctor' }> }) {
  return <PatientList pages={useApiList(read.id, read.options, EVERY_PAGE)} withPhysician={false} />;
}

/** The clinic's patients (…/getAllClinicPatients/) for a director or a nurse, with the assigned physician. */
function ClinicPatients({ read }: { read: Exclude<PatientListRead, { role: 'Doctor' }> }) {
  const pages = useApiList(read.id, read.options, EVERY_PAGE);
  return <PatientList pages={pages} withPhysician withWeek={read.role === 'ClinicDirector'} />;
}

/**
 * /patients (spec 2 "Patient area", 3 "List item"): the patients with their alert status, in the
 * spec's list (search, sort cycle, 8 rows, severity filter), ordered 'Needs review first' until a
 * column is sorted. A row opens the patient's exchanges, remembering this list for the back arrow.
 */
export function PatientsScreen() {
  const read = patientListRead(useStaffUser());
  if (read.role === 'Doctor') return <DoctorPatients read={read} />;
  return <ClinicPatients read={read} />;
}
