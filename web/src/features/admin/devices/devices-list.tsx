import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, type SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { DeviceProfile } from '@shared/api/devices';
import { deviceScreens } from '@shared/messages/device-screens';
import { navigation } from '@shared/messages/navigation';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DataList } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { RouterLink } from '@web/src/components/router-link';
import { paths } from '@web/src/config/routes';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiList } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { originState } from '@web/src/lib/navigation';
import { DeviceNoteCell } from './device-note';
import { RegisterDevice } from './register-device';
import { UtilizationCell } from './utilization';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens, navigation };

const m = messages.deviceScreens;
const c = m.columns;

/** A click on a cell's own control must not also open the device's exchanges (the row's click). */
const keepInCell = (event: SyntheticEvent) => event.stopPropagation();

export interface DeviceColumnsOptions {
  /** Shown in a clinic's tabs: neither the clinic nor the provider column (spec 2: "not when nested"). */
  withClinic: boolean;
  withProvider: boolean;
  adminId: string;
  /** Opens a screen of the device, remembering where it was opened from. */
  open: (to: string) => void;
  origin: unknown;
}

/**
 * The device list's columns (spec section 2, List screens): Status (tick or cross), Serial No.,
 * Utilization with its band's colour, Errors (the latest, the info icon opening them all), Clinic
 * name and Service provider name (not when nested), Comment (expanding to the note editor), and
 * the settings gear.
 */
export function deviceColumns({ withClinic, withProvider, adminId, open, origin }: DeviceColumnsOptions): ListColumn<DeviceProfile>[] {
  const columns: Array<ListColumn<DeviceProfile> | false> = [
    {
      id: 'Status',
      header: c.Status,
      value: (device) => (device.IsEnabled ? m.activated : m.deactivated),
      cell: (device) =>
        device.IsEnabled ? <Icon name="check" variant="success" ariaLabel={m.activated} /> : <Icon name="close" variant="error" ariaLabel={m.deactivated} />,
    },
    {
      id: 'SerialNumber',
      header: c.SerialNumber,
      value: (device) => device.SerialNumber,
      cell: (device) => (
        <span onClick={keepInCell}>
          <RouterLink href={paths.deviceExchanges({ deviceId: device.DeviceID })} state={origin}>
            {device.SerialNumber}
          </RouterLink>
        </span>
      ),
    },
    {
      id: 'Utilization',
      header: c.Utilization,
      value: (device) => device.Utilization,
      cell: (device) => <UtilizationCell utilization={device.Utilization} />,
      type: 'number',
    },
    {
      id: 'Errors',
      header: c.Errors,
      value: (device) => device.Errors.map((error) => error.MachineProblem).join('; '),
      minWidth: 200,
      cell: (device) => (
        <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
          <span onClick={keepInCell}>
            <Button
              variant="inline-icon"
              iconName="status-info"
              ariaLabel={m.showErrors(device.SerialNumber)}
              onClick={() => open(paths.deviceErrors({ deviceId: device.DeviceID }))}
            />
          </span>
          <span>{device.Errors[0]?.MachineProblem ?? ''}</span>
          {device.Errors.length > 1 && <span>({m.moreErrors(device.Errors.length - 1)})</span>}
        </SpaceBetween>
      ),
    },
    withClinic && { id: 'ClinicName', header: c.ClinicName, value: (device) => device.ClinicName },
    withProvider && { id: 'ServiceProviderName', header: c.ServiceProviderName, value: (device) => device.ServiceProviderName },
    {
      id: 'Comment',
      header: c.Comment,
      value: (device) => device.Note ?? '',
      minWidth: 160,
      cell: (device) => <DeviceNoteCell key={device.DeviceID} device={device} adminId={adminId} />,
    },
    {
      id: 'Settings',
      header: c.Settings,
      value: () => '',
      sortable: false,
      exported: false,
      cell: (device) => (
        <span onClick={keepInCell}>
          <Button
            variant="icon"
            iconName="settings"
            ariaLabel={m.openSettings(device.SerialNumber)}
            onClick={() => open(paths.deviceSettings({ deviceId: device.DeviceID }))}
          />
        </span>
      ),
    },
  ];
  return columns.filter((column): column is ListColumn<DeviceProfile> => column !== false);
}

/**
 * The devices list (spec section 2, List screens; LiberDiAdmin), on /devices and in a clinic's
 * tabs (`clinicId` narrows it, without the clinic and provider columns; `spId` narrows it to a
 * provider, without the provider column): every page read, the status filter, greyed deactivated
 * devices, devices.csv; a row opens the device's exchanges, the info icon its errors, the gear its
 * settings. `canRegister` adds the 'Register device' action.
 */
export function DevicesList({ clinicId, spId, canRegister = false }: { clinicId?: string; spId?: string; canRegister?: boolean }) {
  const profile = useSession().signedIn?.profile;
  const adminId = profile?.UserID ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const query: Record<string, string> = clinicId ? { clinicId } : spId ? { spId } : {};
  const pages = useApiList('getAllDevices', { params: { adminId }, query }, { allPages: true });
  const origin = originState(location);
  const columns = useMemo(
    () =>
      deviceColumns({
        withClinic: !clinicId,
        withProvider: !clinicId && !spId,
        adminId,
        origin,
        open: (to) => navigate(to, { state: origin }),
      }),
    // The origin is the list's own location: it changes with it.
    [clinicId, spId, adminId, location.pathname, location.search],
  );
  if (!profile) return null;
  return (
    <>
      <DataList<DeviceProfile>
        title={messages.navigation.devices}
        items={pages.items}
        columns={columns}
        trackBy={(device) => device.DeviceID}
        // Every page is read before the list shows: it sorts, filters and exports them all.
        loading={pages.isPending || pages.hasNextPage}
        isDisabled={(device) => !device.IsEnabled}
        statusFilter={{ label: m.statusFilter, isActive: (device) => device.IsEnabled }}
        csvFileName={m.csvFileName}
        onRowClick={(device) => navigate(paths.deviceExchanges({ deviceId: device.DeviceID }), { state: origin })}
        actions={canRegister ? <RegisterDevice adminId={adminId} /> : undefined}
      />
      {pages.error ? <ErrorDialog messages={errorMessages(pages.error)} onClose={() => void pages.refetch()} /> : null}
    </>
  );
}
