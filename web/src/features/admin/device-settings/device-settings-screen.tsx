import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { deviceClinicMoveSchema, deviceProfileUpdateSchema, type DeviceProfile } from '@shared/api/devices';
import { deviceScreens } from '@shared/messages/device-screens';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DropdownField } from '@web/src/components/fields/dropdown-field';
import { TextField } from '@web/src/components/fields/text-field';
import { NoticeDialog } from '@web/src/components/notice-dialog';
import { QueryState } from '@web/src/components/query-state';
import { call } from '@web/src/lib/api-client';
import { useApiList, useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { widgetMessages } from '@web/src/lib/widget-messages';
import { putCachedDevice } from '../devices/device-cache';
import { DeviceScreenHeader } from '../devices/device-screen-header';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens };

const s = messages.deviceScreens.settings;
const c = messages.deviceScreens.clinicMove;

/**
 * Moves the device to another clinic of its provider (LiberDiAdmin; beyond the spec): staff never
 * take another clinic's device, so a move between clinics is made here, confirmed, and recorded
 * in both clinics' trails.
 */
function DeviceClinicForm({ device, adminId }: { device: DeviceProfile; adminId: string }) {
  const client = useQueryClient();
  const [moved, setMoved] = useState(false);
  const clinics = useApiList('getAllClinicsAsAdmin', { params: { adminId }, query: { spId: device.ServiceProviderID ?? '' } }, { allPages: true });
  const options = clinics.items.filter((clinic) => clinic.ClinicID !== device.ClinicID).map((clinic) => ({ value: clinic.ClinicID, label: clinic.ClinicName }));
  const form = useZodForm({
    schema: deviceClinicMoveSchema,
    initialValues: { ClinicID: '' },
    confirm: true,
    onSubmit: async (body) => {
      const answer = await call('moveDeviceToClinic', { params: { adminId, id: device.DeviceID }, body });
      putCachedDevice(client, answer);
      await client.invalidateQueries({ queryKey: ['getAllDevices'] });
      setMoved(true);
    },
  });
  return (
    <>
      <form onSubmit={form.submit} noValidate>
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <Button formAction="submit" disabled={!form.canSave || options.length === 0} loading={form.busy} data-testid="move-device">
                  {c.move}
                </Button>
              }
            >
              {c.header}
            </Header>
          }
        >
          <SpaceBetween size="m">
            {options.length === 0 && !clinics.isLoading ? (
              <span>{c.noOtherClinic}</span>
            ) : (
              <DropdownField label={c.clinic} testId="move-clinic" options={options} {...form.field('ClinicID')} />
            )}
            <span>{c.hint}</span>
          </SpaceBetween>
        </Container>
      </form>
      <ConfirmationDialog title={c.confirmTitle} lines={c.confirmLines} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
      <NoticeDialog title={moved ? c.movedTitle : undefined} onOk={() => setMoved(false)} />
    </>
  );
}

/**
 * The device's paired monitors (spec sections 2 and 5 "Device settings"): BloodMAC and ScaleMAC,
 * each a MAC address or empty ('BloodMAC is not valid', 'ScaleMAC is not valid'). Only
 * LiberDiAdmin saves them (spec 6: others see no save button); saving asks confirmation, sends
 * them to the device, and says so.
 */
export function DeviceSettingsForm({ device }: { device: DeviceProfile }) {
  const profile = useSession().signedIn?.profile;
  const canSave = profile?.Role === 'LiberDiAdmin';
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useZodForm({
    schema: deviceProfileUpdateSchema,
    initialValues: { BloodMAC: device.BloodMAC ?? '', ScaleMAC: device.ScaleMAC ?? '' },
    confirm: true,
    onSubmit: async (body) => {
      const answer = await call('updateDeviceProfile', { params: { adminId: profile?.UserID ?? '', id: device.DeviceID }, body });
      putCachedDevice(client, answer);
      setSaved(true);
    },
  });
  const mac = (name: 'BloodMAC' | 'ScaleMAC') => {
    const field = form.field(name);
    return <TextField label={s[name]} testId={name} {...field} value={field.value ?? ''} readOnly={!canSave} />;
  };
  return (
    <>
      <form onSubmit={form.submit} noValidate>
        <SpaceBetween size="l">
          <DeviceScreenHeader
            title={widgetMessages.deviceSettingsTitle}
            serialNumber={device.SerialNumber}
            actions={
              canSave ? (
                <Button variant="primary" formAction="submit" disabled={!form.canSave} loading={form.busy} data-testid="save-device-settings">
                  {s.save}
                </Button>
              ) : undefined
            }
          />
          {!canSave && <Alert type="info">{s.readOnly}</Alert>}
          <Container>
            <SpaceBetween size="m">
              {mac('BloodMAC')}
              {mac('ScaleMAC')}
              <span>{s.macHint}</span>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </form>
      <ConfirmationDialog title={s.confirmTitle} lines={s.confirmLines} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
      <NoticeDialog title={saved ? s.savedTitle : undefined} onOk={() => setSaved(false)} />
    </>
  );
}

/** /device/settings?deviceId= (spec section 2): 'Device settings', BloodMAC and ScaleMAC. */
export function DeviceSettingsScreen() {
  const [search] = useSearchParams();
  const adminId = useSession().signedIn?.profile.UserID ?? '';
  const query = useApiQuery('getDeviceProfile', { params: { adminId, id: search.get('deviceId') ?? '' } });
  return (
    <ContentLayout>
      {/* The heading shows while the device loads, or when it cannot be read. */}
      {query.data ? null : <DeviceScreenHeader title={widgetMessages.deviceSettingsTitle} />}
      <QueryState query={query}>
        {(device) => (
          <SpaceBetween size="l">
            <DeviceSettingsForm key={device.DeviceID} device={device} />
            <DeviceClinicForm key={`${device.DeviceID}-clinic`} device={device} adminId={adminId} />
          </SpaceBetween>
        )}
      </QueryState>
    </ContentLayout>
  );
}
