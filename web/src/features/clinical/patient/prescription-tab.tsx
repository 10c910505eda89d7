import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { fieldMessages } from '@shared/api/field-messages';
import { addDeviceSchema, prescriptionFormSchema, type GetPrescriptionResult } from '@shared/api/prescriptions';
import { staffRouteId, type StaffRole } from '@shared/api/routes/staff';
import { prescriptionLimits, type DayCode } from '@shared/device';
import { prescriptions } from '@shared/messages/prescriptions';
import { effectiveSettings, toSettingsObject, type Settings } from '@shared/settings';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { NumericStepper } from '@web/src/components/fields/numeric-stepper';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';
import { ApiError, call, errorMessages } from '@web/src/lib/api-client';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { widgetMessages } from '@web/src/lib/widget-messages';
import { DayButtons } from './day-buttons';
import { DwellChart } from './dwell-chart';
import { ExchangeCard } from './exchange-card';
import {
  initialDraft,
  newExchange,
  nextExchangeTime,
  prescriptionBody,
  SCROLL_STEP_PX,
  showsNotApprovedNotice,
  timeBounds,
  type ExchangeDraft,
  type PrescriptionDraft,
} from './prescription-draft';
import { SerialNumberEntry } from './serial-number-entry';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';
import { StatusText } from '@web/src/components/status-text';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { prescriptions };

const p = messages.prescriptions;
const s = p.screen;

/** While a saved prescription waits for the device's acknowledgement: quick polls at first, then slower ones (each read is audited). */
const QUICK_POLL_MS = 3_000;
const SLOW_POLL_MS = 30_000;
const QUICK_POLL_WINDOW_MS = 5 * 60 * 1000;

interface Failure {
  title: string;
  lines: string[];
}

interface EditorProps {
  data: GetPrescriptionResult;
  settings: Settings;
  role: StaffRole;
  userId: string;
  patientId: string;
  patientName: string;
  onSaved: () => void;
}

/** The messages of the draft under the prescription schema, keyed by path ('Exchanges.0.ExchangeTime'). */
function useDraftErrors(draft: PrescriptionDraft, dwellTime: string) {
  const schema = useMemo(() => prescriptionFormSchema(dwellTime), [dwellTime]);
  return useMemo(() => {
    const parsed = schema.safeParse(prescriptionBody(draft));
    return parsed.success ? {} : fieldMessages(parsed.error);
  }, [schema, draft]);
}

function PrescriptionEditor({ data, settings, role, userId, patientId, patientName, onSaved }: EditorProps) {
  const client = useQueryClient();
  const editable = role !== 'Nurse';
  const [draft, setDraft] = useState(() => initialDraft(data.prescription, data.device?.SerialNumber ?? '', settings));
  const [weighOn, setWeighOn] = useState(draft.WeighDays.length > 0);
  const [bloodOn, setBloodOn] = useState(draft.BloodPulseDays.length > 0);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState<'prescription' | 'device' | 'move'>();
  const [deleting, setDeleting] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [notSaved, setNotSaved] = useState<string[]>();
  const [failure, setFailure] = useState<Failure>();
  const [notice, setNotice] = useState<string>();
  const cards = useRef<HTMLDivElement>(null);

  const errors = useDraftErrors(draft, settings.DwellTime);
  const nurseErrors = useMemo(() => {
    const parsed = addDeviceSchema.safeParse({ SerialNumber: draft.SerialNumber });
    return parsed.success ? {} : fieldMessages(parsed.error);
  }, [draft.SerialNumber]);
  const relevantErrors = editable ? errors : nurseErrors;
  // Schedule clashes show as soon as they happen; the rest once the input changed or Save was pressed.
  const shown = (path: string) => (!editable ? undefined : submitted || touched.has(path) || path.endsWith('ExchangeTime') ? errors[path] : undefined);

  const change = <K extends keyof PrescriptionDraft>(key: K, value: PrescriptionDraft[K], path: string = key) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setTouched((current) => (current.has(path) ? current : new Set([...current, path])));
  };
  const changeCard = (index: number, exchange: ExchangeDraft) => {
    const changedKeys = (Object.keys(exchange) as Array<keyof ExchangeDraft>).filter((key) => exchange[key] !== draft.Exchanges[index]?.[key]);
    setDraft((current) => ({ ...current, Exchanges: current.Exchanges.map((candidate, at) => (at === index ? exchange : candidate)) }));
    setTouched((current) => new Set([...current, ...changedKeys.map((key) => `Exchanges.${index}.${key}`)]));
  };
  const addCard = () => {
    setDraft((current) => ({ ...current, Exchanges: [...current.Exchanges, newExchange(current.Exchanges, settings.DwellTime)] }));
    requestAnimationFrame(() => cards.current?.scrollTo?.({ left: cards.current.scrollWidth, behavior: 'smooth' }));
  };
  const addTime = (index: number) =>
    setDraft((current) => ({
      ...current,
      Exchanges: current.Exchanges.map((exchange, at) =>
        at === index ? { ...exchange, ExchangeTime: [...exchange.ExchangeTime, nextExchangeTime(current.Exchanges, settings.DwellTime)] } : exchange,
      ),
    }));
  const scroll = (by: number) => {
    const element = cards.current;
    if (!element) return;
    if (typeof element.scrollBy === 'function') element.scrollBy({ left: by, behavior: 'smooth' });
    else element.scrollLeft += by;
  };
  const switchDays = (key: 'WeighDays' | 'BloodPulseDays', on: boolean, setOn: (on: boolean) => void) => {
    setOn(on);
    // Spec section 4: switching off clears the days.
    if (!on) change(key, [] as DayCode[]);
  };

  const pressSave = () => {
    setSubmitted(true);
    const messagesOfErrors = [...new Set(Object.values(relevantErrors))];
    if (messagesOfErrors.length > 0) {
      setNotSaved([p.fillInRequired, patientName, ...messagesOfErrors]);
      return;
    }
    setConfirming(editable ? 'prescription' : 'device');
  };

  const savePrescription = async () => {
    setBusy(true);
    try {
      await call(staffRoute('addPrescription', role), { params: { id: userId, patientId }, body: prescriptionBody(draft) });
      setConfirming(undefined);
      setNotice(p.created);
      onSaved();
      await client.invalidateQueries({ queryKey: [staffRoute('getPrescription', role)] });
    } catch (error) {
      setConfirming(undefined);
      setFailure({ title: p.notCreated, lines: [p.checkDeviceNumber, patientName, ...errorMessages(error)] });
    } finally {
      setBusy(false);
    }
  };

  const assignDevice = async (move: boolean) => {
    setBusy(true);
    try {
      await call(staffRouteId('addDevice', 'Nurse'), {
        params: { id: userId, patientId },
        body: { SerialNumber: draft.SerialNumber, ...(move ? { move: true } : {}) },
      });
      setConfirming(undefined);
      setNotice(p.deviceAssigned);
      onSaved();
      await Promise.all([
        client.invalidateQueries({ queryKey: [staffRoute('getPrescription', role)] }),
        client.invalidateQueries({ queryKey: [staffRoute('getPatientProfile', role)] }),
      ]);
    } catch (error) {
      // A device linked to another patient moves only when the user confirms it.
      if (!move && error instanceof ApiError && error.status === 409 && error.messages.includes(p.deviceLinkedToOther)) {
        setConfirming('move');
      } else {
        setConfirming(undefined);
        setFailure({ title: p.deviceNotAssigned, lines: [p.checkDeviceNumber, patientName, ...errorMessages(error)] });
      }
    } finally {
      setBusy(false);
    }
  };

  const drainBounds = timeBounds(settings.MinDrainTime, settings.MaxDrainTime, settings.DefaultDrainTime);
  const fillBounds = timeBounds(settings.MinFillTime, settings.MaxFillTime, settings.DefaultFillTime);
  const approved = !!data.prescription?.Approved;
  const readOnly = !editable;

  return (
    <SpaceBetween size="l">
      <Header
        variant="h2"
        actions={
          <Button variant="primary" loading={busy} onClick={pressSave}>
            {s.save}
          </Button>
        }
      >
        <span data-testid="prescription-status">{approved ? p.approved : p.notApproved}</span>
      </Header>
      {showsNotApprovedNotice(data.prescription) && <Alert type="warning">{p.notApprovedNotice}</Alert>}
      <Grid gridDefinition={[{ colspan: { default: 12, l: 3 } }, { colspan: { default: 12, l: 6 } }, { colspan: { default: 12, l: 3 } }]}>
        <Container header={<Header variant="h3">{s.defaults}</Header>}>
          <SpaceBetween size="m">
            <SerialNumberEntry value={draft.SerialNumber} onChange={(value) => change('SerialNumber', value)} showErrors={submitted} />
            <NumericStepper
              label={s.drainTime}
              description={drainBounds && s.bounds(drainBounds.min, drainBounds.max)}
              value={draft.DrainTime}
              min={drainBounds?.min ?? 0}
              max={drainBounds?.max ?? prescriptionLimits.minutes.max}
              step={0.1}
              readOnly={readOnly}
              errorText={shown('DrainTime')}
              onChange={(value) => change('DrainTime', value)}
            />
            <NumericStepper
              label={s.fillTime}
              description={fillBounds && s.bounds(fillBounds.min, fillBounds.max)}
              value={draft.FillTime}
              min={fillBounds?.min ?? 0}
              max={fillBounds?.max ?? prescriptionLimits.minutes.max}
              step={0.1}
              readOnly={readOnly}
              errorText={shown('FillTime')}
              onChange={(value) => change('FillTime', value)}
            />
            <NumericStepper
              label={s.minFillTemp}
              value={draft.MinFillTemp}
              min={0}
              max={prescriptionLimits.fillTempC.max}
              step={0.1}
              readOnly={readOnly}
              errorText={shown('MinFillTemp')}
              onChange={(value) => change('MinFillTemp', value)}
            />
            <NumericStepper
              label={s.maxFillTemp}
              value={draft.MaxFillTemp}
              min={0}
              max={prescriptionLimits.fillTempC.max}
              step={0.1}
              readOnly={readOnly}
              errorText={shown('MaxFillTemp')}
              onChange={(value) => change('MaxFillTemp', value)}
            />
            <FormField label={s.weigh}>
              <Toggle checked={weighOn} disabled={readOnly} onChange={({ detail }) => switchDays('WeighDays', detail.checked, setWeighOn)}>
                {weighOn ? s.switchOn : s.switchOff}
              </Toggle>
            </FormField>
            {weighOn && <DayButtons label={s.weighDays} value={draft.WeighDays} disabled={readOnly} onChange={(days) => change('WeighDays', days)} />}
            <FormField label={s.blood}>
              <Toggle checked={bloodOn} disabled={readOnly} onChange={({ detail }) => switchDays('BloodPulseDays', detail.checked, setBloodOn)}>
                {bloodOn ? s.switchOn : s.switchOff}
              </Toggle>
            </FormField>
            {bloodOn && <DayButtons label={s.bloodDays} value={draft.BloodPulseDays} disabled={readOnly} onChange={(days) => change('BloodPulseDays', days)} />}
            <FormField label={s.additionalMedication} errorText={shown('AdditionalMedication')}>
              <Textarea value={draft.AdditionalMedication} disabled={readOnly} onChange={({ detail }) => change('AdditionalMedication', detail.value)} />
            </FormField>
          </SpaceBetween>
        </Container>
        <Container
          header={
            <Header
              variant="h3"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="icon" iconName="angle-left" ariaLabel={s.scrollLeft} onClick={() => scroll(-SCROLL_STEP_PX)} />
                  <Button variant="icon" iconName="angle-right" ariaLabel={s.scrollRight} onClick={() => scroll(SCROLL_STEP_PX)} />
                  <Button iconName="add-plus" disabled={readOnly} onClick={addCard}>
                    {s.addExchange}
                  </Button>
                </SpaceBetween>
              }
            >
              {s.exchanges}
            </Header>
          }
        >
          <SpaceBetween size="s">
            {errors.Exchanges && (submitted || draft.Exchanges.length > 0) && <StatusText type="error">{errors.Exchanges}</StatusText>}
            <div ref={cards} data-testid="exchange-cards" style={{ display: 'flex', gap: 16, overflowX: 'auto', paddingBottom: 8 }}>
              {draft.Exchanges.map((exchange, index) => (
                <ExchangeCard
                  key={index}
                  index={index}
                  exchange={exchange}
                  readOnly={readOnly}
                  deletable={editable && !(role === 'Doctor' && index === 0)}
                  errors={{
                    ExchangeFluid: shown(`Exchanges.${index}.ExchangeFluid`),
                    ExchangeLiter: shown(`Exchanges.${index}.ExchangeLiter`),
                    ExchangeDaysFrequency: shown(`Exchanges.${index}.ExchangeDaysFrequency`),
                    ExchangeTime: shown(`Exchanges.${index}.ExchangeTime`),
                  }}
                  onChange={(next) => changeCard(index, next)}
                  onAddTime={() => addTime(index)}
                  onDelete={() => setDeleting(index)}
                />
              ))}
            </div>
          </SpaceBetween>
        </Container>
        <Container>
          <DwellChart exchanges={draft.Exchanges} />
        </Container>
      </Grid>
      <ConfirmationDialog
        visible={confirming === 'prescription'}
        title={s.confirmTitle}
        lines={s.confirmLines}
        busy={busy}
        onAccept={() => void savePrescription()}
        onCancel={() => setConfirming(undefined)}
      />
      <ConfirmationDialog
        visible={confirming === 'device'}
        title={s.deviceConfirmTitle}
        lines={s.deviceConfirmLines}
        busy={busy}
        onAccept={() => void assignDevice(false)}
        onCancel={() => setConfirming(undefined)}
      />
      <ConfirmationDialog
        visible={confirming === 'move'}
        title={s.moveTitle}
        lines={s.moveLines}
        acceptLabel={s.move}
        busy={busy}
        onAccept={() => void assignDevice(true)}
        onCancel={() => setConfirming(undefined)}
      />
      <ConfirmationDialog
        visible={deleting !== undefined}
        title={s.deleteTitle}
        lines={s.deleteLines}
        onAccept={() => {
          setDraft((current) => ({ ...current, Exchanges: current.Exchanges.filter((_, at) => at !== deleting) }));
          setDeleting(undefined);
        }}
        onCancel={() => setDeleting(undefined)}
      />
      <ErrorDialog title={p.notSavedTitle} messages={notSaved} onClose={() => setNotSaved(undefined)} />
      <ErrorDialog title={failure?.title} messages={failure?.lines} onClose={() => setFailure(undefined)} />
      <NoticeDialog title={notice} onOk={() => setNotice(undefined)} />
    </SpaceBetween>
  );
}

/**
 * The Prescription tab (spec sections 2, 4, 5, 8, 9): the approval header and notice,
 * the defaults, the exchange cards and the dwell chart. A director or a doctor saves the whole
 * prescription; a nurse only links the device by its IDA#. After a save the tab polls until the
 * device acknowledges, so the header turns approved by itself.
 */
export function PatientPrescriptionTab({ patientId }: { patientId: string }) {
  const { role, userId } = useStaffUser();
  const [quickUntil, setQuickUntil] = useState(() => Date.now() + QUICK_POLL_WINDOW_MS);
  const query = useApiQuery(
    staffRoute('getPrescription', role),
    { params: { id: userId, patientId } },
    {
      refetchInterval: (current) => {
        const prescription = current.state.data?.prescription;
        if (!prescription || prescription.Approved) return false;
        return Date.now() < quickUntil ? QUICK_POLL_MS : SLOW_POLL_MS;
      },
    },
  );
  // The clinic's settings in force: the server checks the prescription with the same ones.
  const settingsQuery = useApiQuery(staffRoute('getClinicSettings', role), { params: { id: userId } });
  const profile = useApiQuery(staffRoute('getPatientProfile', role), { params: { id: userId, patientId } });
  const pii = profile.data?.PIIProfile[0];
  const patientName = pii ? `${pii.FirstName} ${pii.LastName}` : '';
  const settings = useMemo(
    () => effectiveSettings(settingsQuery.data ? (toSettingsObject(settingsQuery.data) as Partial<Settings>) : undefined),
    [settingsQuery.data],
  );

  if (settingsQuery.isPending) {
    return (
      <Box textAlign="center" padding="l" data-testid="loading">
        <StatusIndicator type="loading">{widgetMessages.loading}</StatusIndicator>
      </Box>
    );
  }
  return (
    <QueryState query={query}>
      {(data) => (
        <PrescriptionEditor
          data={data}
          settings={settings}
          role={role}
          userId={userId}
          patientId={patientId}
          patientName={patientName}
          onSaved={() => setQuickUntil(Date.now() + QUICK_POLL_WINDOW_MS)}
        />
      )}
    </QueryState>
  );
}
