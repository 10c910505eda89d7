import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Pagination from '@cloudscape-design/components/pagination';
import Table from '@cloudscape-design/components/table';
import { useCollection } from '@cloudscape-design/collection-hooks';
import { PAGE_SIZE } from '@web/src/components/list/data-list';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { closeVisitSchema, visitHighlightKinds, type Prescription, type Visit } from '@shared/api/prescriptions';
import { type StaffRole } from '@shared/api/routes/staff';
import { errors } from '@shared/messages/errors';
import type { DayCode } from '@shared/device';
import { prescriptions } from '@shared/messages/prescriptions';
import { visits } from '@shared/messages/visits';
import { widgets } from '@shared/messages/widgets';
import { paths } from '@web/src/config/routes';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';
import { call, errorMessages } from '@web/src/lib/api-client';
import { useApiList, useApiQuery } from '@web/src/lib/api-hooks';
import { fieldMessages } from '@shared/api/field-messages';
import { formatDateTime } from '@web/src/lib/format';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { errors, prescriptions, visits, widgets };

const v = messages.visits;
const s = v.screen;
const f = s.prescriptionFields;

/** Spec section 9: the visit turbidity figure with one decimal. */
export const formatTurbidity = (value: number | null) => (value === null ? s.noValue : value.toFixed(1));

/** Stored day codes by their names in the page's language. */
const dayList = (days: readonly DayCode[]) => days.map((day) => messages.prescriptions.screen.dayNames[day]).join(' ');
const optional = (value: number | string | undefined | null) => (value === undefined || value === null || value === '' ? s.noValue : String(value));

/** The counts of spec section 9 (weight, exchange skip, … B.P. and pulse), the turbidity figure and the visit's totals. */
function VisitHighlights({ visit }: { visit: Visit }) {
  return (
    <SpaceBetween size="s">
      <Box variant="h4">{s.highlights}</Box>
      <KeyValuePairs
        columns={4}
        items={[
          ...visitHighlightKinds.map((kind) => ({ label: s.highlightLabels[kind], value: <span data-highlight={kind}>{visit.highlights[kind]}</span> })),
          { label: s.turbidity, value: <span data-testid="visit-turbidity">{formatTurbidity(visit.turbidity)}</span> },
          { label: s.exchangeCount, value: String(visit.ExchangeCount) },
          { label: s.alertCount, value: String(visit.AlertCount) },
        ]}
      />
    </SpaceBetween>
  );
}

/** The prescription current at the visit, in short. */
function PrescriptionSummary({ prescription }: { prescription: Prescription | undefined }) {
  return (
    <SpaceBetween size="s">
      <Box variant="h4">{s.prescription}</Box>
      {prescription ? (
        <KeyValuePairs
          columns={3}
          items={[
            { label: f.serialNumber, value: prescription.SerialNumber },
            { label: f.drainTime, value: String(prescription.DrainTime) },
            { label: f.fillTime, value: String(prescription.FillTime) },
            { label: f.fillTemp, value: `${prescription.MinFillTemp} - ${prescription.MaxFillTemp}` },
            {
              label: f.exchanges,
              value: (
                <SpaceBetween size="xxxs">
                  {prescription.Exchanges.map((exchange, index) => (
                    <Box key={index}>
                      {s.exchangeLine(
                        exchange.ExchangeFluid,
                        exchange.ExchangeLiter,
                        dayList(exchange.ExchangeDaysFrequency),
                        exchange.ExchangeTime.join(', '),
                      )}
                    </Box>
                  ))}
                </SpaceBetween>
              ),
            },
            { label: f.weighDays, value: optional(dayList(prescription.WeighDays)) },
            { label: f.bloodDays, value: optional(dayList(prescription.BloodPulseDays)) },
            { label: f.additionalMedication, value: optional(prescription.AdditionalMedication) },
          ]}
        />
      ) : (
        <Box color="text-body-secondary">{s.noPrescription}</Box>
      )}
    </SpaceBetween>
  );
}

/** The open visit's readings, 8 rows a page (spec section 9: every table), pagination hidden on one page. */
function Measurements({ visit }: { visit: Visit }) {
  const c = s.columns;
  const { items, collectionProps, paginationProps } = useCollection(visit.measurements ?? [], { pagination: { pageSize: PAGE_SIZE } });
  const t = messages.widgets.list;
  return (
    <Table
      {...collectionProps}
      variant="embedded"
      header={<Box variant="h4">{s.measurements}</Box>}
      items={items}
      pagination={
        paginationProps.pagesCount > 1 ? (
          <Pagination {...paginationProps} ariaLabels={{ nextPageLabel: t.nextPage, previousPageLabel: t.previousPage, pageLabel: t.pageLabel }} />
        ) : undefined
      }
      trackBy="ExchangeID"
      empty={<Box color="text-body-secondary">{s.noMeasurements}</Box>}
      columnDefinitions={[
        { id: 'time', header: c.time, cell: (row) => formatDateTime(row.Time, s.noValue) },
        { id: 'weight', header: c.weight, cell: (row) => optional(row.WeightKg) },
        { id: 'bp', header: c.bloodPressure, cell: (row) => (row.BloodPressure ? `${row.BloodPressure.Systolic}/${row.BloodPressure.Diastolic}` : s.noValue) },
        { id: 'pulse', header: c.pulse, cell: (row) => optional(row.Pulse) },
        { id: 'uf', header: c.uf, cell: (row) => optional(row.Uf) },
        { id: 'drainTemp', header: c.drainTemp, cell: (row) => optional(row.DrainTempC) },
      ]}
    />
  );
}

interface SummaryValues {
  Findings: string;
  Recommendation: string;
  UrineOutput: string;
}

/** The open visit (spec sections 2, 4 "Visits", 6, 8): highlights, prescription, summary inputs and, for Doctor and ClinicDirector, Save. */
function OpenVisit({ visit, role, userId, patientId, patientName }: { visit: Visit; role: StaffRole; userId: string; patientId: string; patientName: string }) {
  const navigate = useNavigate();
  const canSave = role !== 'Nurse';
  const [values, setValues] = useState<SummaryValues>({
    Findings: visit.Findings ?? '',
    Recommendation: visit.Recommendation ?? '',
    UrineOutput: visit.UrineOutput?.toString() ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[]>();
  const [saved, setSaved] = useState(false);
  const parsed = closeVisitSchema.safeParse(values);
  const errors = parsed.success ? {} : fieldMessages(parsed.error);
  const errorOf = (name: keyof SummaryValues) => (submitted ? errors[name] : undefined);
  const set = (name: keyof SummaryValues, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const pressSave = () => {
    setSubmitted(true);
    if (!parsed.success) {
      setFailure([v.notSaved, patientName, ...new Set(Object.values(errors))]);
      return;
    }
    setConfirming(true);
  };
  const save = async () => {
    if (!parsed.success) return;
    setBusy(true);
    try {
      await call(staffRoute('closeOpenVisit', role), { params: { id: userId, patientId }, body: parsed.data });
      setSaved(true);
    } catch (error) {
      setFailure([v.notSaved, patientName, ...errorMessages(error)]);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={s.openSince(formatDateTime(visit.OpenDate, s.noValue))}
          actions={
            canSave ? (
              <Button variant="primary" loading={busy} onClick={pressSave}>
                {s.save}
              </Button>
            ) : undefined
          }
        >
          {s.openVisit}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {!canSave && <Alert type="info">{messages.errors.noPermission}</Alert>}
        <VisitHighlights visit={visit} />
        <PrescriptionSummary prescription={visit.CurrentPatientProtocol[0]} />
        <Measurements visit={visit} />
        <SpaceBetween size="s">
          <Box variant="h4">{s.summary}</Box>
          <FormField label={s.findings} errorText={errorOf('Findings')}>
            <Textarea value={values.Findings} disabled={!canSave} onChange={({ detail }) => set('Findings', detail.value.slice(0, 1000))} />
          </FormField>
          <FormField label={s.recommendation} errorText={errorOf('Recommendation')}>
            <Textarea value={values.Recommendation} disabled={!canSave} onChange={({ detail }) => set('Recommendation', detail.value.slice(0, 1000))} />
          </FormField>
          <FormField label={s.urineOutput} errorText={errorOf('UrineOutput')}>
            <Input
              type="number"
              inputMode="decimal"
              value={values.UrineOutput}
              disabled={!canSave}
              onChange={({ detail }) => set('UrineOutput', detail.value)}
            />
          </FormField>
        </SpaceBetween>
      </SpaceBetween>
      <ConfirmationDialog
        visible={confirming}
        title={s.confirmTitle}
        lines={s.confirmLines}
        busy={busy}
        onAccept={() => void save()}
        onCancel={() => setConfirming(false)}
      />
      <ErrorDialog messages={failure} onClose={() => setFailure(undefined)} />
      <NoticeDialog title={saved ? v.saved : undefined} onOk={() => navigate(paths.patients())} />
    </Container>
  );
}

/** A closed visit, collapsed under its open–close date range. */
function PreviousVisit({ visit }: { visit: Visit }) {
  return (
    <ExpandableSection variant="container" headerText={s.range(formatDateTime(visit.OpenDate, s.noValue), formatDateTime(visit.ClosedDate, s.noValue))}>
      <SpaceBetween size="l">
        <VisitHighlights visit={visit} />
        <KeyValuePairs
          columns={3}
          items={[
            { label: s.findings, value: optional(visit.Findings) },
            { label: s.recommendation, value: optional(visit.Recommendation) },
            { label: s.urineOutput, value: optional(visit.UrineOutput) },
          ]}
        />
        <PrescriptionSummary prescription={visit.CurrentPatientProtocol[0]} />
      </SpaceBetween>
    </ExpandableSection>
  );
}

/**
 * The Visits tab (spec sections 2 "Visits screen", 4 "Visits", 6, 8, 9): the open visit
 * first, then the previous ones newest first, each collapsed under its date range; 'There is no
 * visits yet.' when there are none.
 */
export function PatientVisitsTab({ patientId }: { patientId: string }) {
  const { role, userId } = useStaffUser();
  const list = useApiList(staffRoute('getVisits', role), { params: { id: userId, patientId } }, { itemsOf: (page) => page.visits });
  const profile = useApiQuery(staffRoute('getPatientProfile', role), { params: { id: userId, patientId } });
  const pii = profile.data?.PIIProfile[0];
  const patientName = pii ? `${pii.FirstName} ${pii.LastName}` : '';
  const query = { data: list.data ? list.items : undefined, error: list.error };
  return (
    <QueryState query={query}>
      {(visits) => {
        if (visits.length === 0) return <Box color="text-body-secondary">{v.empty}</Box>;
        const open = visits.find((visit) => !visit.Visited);
        const previous = visits.filter((visit) => visit.Visited).sort((a, b) => b.OpenDate.localeCompare(a.OpenDate));
        return (
          <SpaceBetween size="l">
            {open && <OpenVisit visit={open} role={role} userId={userId} patientId={patientId} patientName={patientName} />}
            {previous.length > 0 && (
              <SpaceBetween size="s">
                <Header variant="h2">{s.previousVisits}</Header>
                {previous.map((visit) => (
                  <PreviousVisit key={visit.OpenDate} visit={visit} />
                ))}
                {list.more.hasMore && (
                  <Box>
                    <Button loading={list.more.loading} onClick={list.more.onLoadMore}>
                      {s.loadMore}
                    </Button>
                  </Box>
                )}
              </SpaceBetween>
            )}
          </SpaceBetween>
        );
      }}
    </QueryState>
  );
}
