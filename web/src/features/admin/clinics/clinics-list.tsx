import Button from '@cloudscape-design/components/button';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ClinicListItem } from '@shared/api/clinics';
import { clinicScreens } from '@shared/messages/clinic-screens';
import { navigation } from '@shared/messages/navigation';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DataList } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { paths } from '@web/src/config/routes';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiList } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { countries, shownCountryName } from '@web/src/lib/countries';
import { originState } from '@web/src/lib/navigation';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinicScreens, navigation };

const m = messages.clinicScreens;
const c = m.columns;

/** The country's name: clinics keep the name the address dialog chose; a code (from elsewhere) is named too. */
export function countryName(location: string): string {
  const country = countries.find((candidate) => candidate.code === location.toUpperCase() || candidate.name === location);
  return country ? shownCountryName(country) : location;
}

const baseColumns: ListColumn<ClinicListItem>[] = [
  { id: 'ClinicName', header: c.ClinicName, value: (clinic) => clinic.ClinicName },
  { id: 'Location', header: c.Location, value: (clinic) => countryName(clinic.Location) },
  { id: 'ActivePatientLinkedDeviceCount', header: c.ActivePatientLinkedDeviceCount, value: (clinic) => clinic.ActivePatientLinkedDeviceCount, type: 'number' },
  { id: 'ClinicExchangeCounter', header: c.ClinicExchangeCounter, value: (clinic) => clinic.ClinicExchangeCounter, type: 'number' },
  { id: 'ClinicLastExchangeTime', header: c.ClinicLastExchangeTime, value: (clinic) => clinic.ClinicLastExchangeTime, type: 'date' },
];
const providerColumn: ListColumn<ClinicListItem> = { id: 'ServiceProviderName', header: c.ServiceProviderName, value: (clinic) => clinic.ServiceProviderName };

/** The spec's columns: the provider's name only for the platform admin looking at every provider's clinics. */
export const clinicColumns = (withProvider: boolean) => (withProvider ? [...baseColumns, providerColumn] : baseColumns);

type ClinicPages = ReturnType<typeof useApiList<'getAllClinicsOfProvider'>>;

function ClinicsTable({ pages, withProvider, canAdd }: { pages: ClinicPages; withProvider: boolean; canAdd: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const columns = useMemo(() => clinicColumns(withProvider), [withProvider]);
  return (
    <>
      <DataList<ClinicListItem>
        title={messages.navigation.clinics}
        items={pages.items}
        columns={columns}
        trackBy={(clinic) => clinic.ClinicID}
        // Every page is read before the list shows: it sorts, filters and exports them all.
        loading={pages.isPending || pages.hasNextPage}
        isDisabled={(clinic) => !clinic.ClinicIsEnabled}
        statusFilter={{ label: m.statusFilter, isActive: (clinic) => clinic.ClinicIsEnabled }}
        csvFileName={m.csvFileName}
        onRowClick={(clinic) => navigate(paths.clinicTabs({ clinicId: clinic.ClinicID }), { state: originState(location) })}
        actions={
          canAdd ? (
            <Button iconName="add-plus" data-testid="add-clinic" onClick={() => navigate(paths.createClinic(), { state: originState(location) })}>
              {m.addClinic}
            </Button>
          ) : undefined
        }
      />
      {pages.error ? <ErrorDialog messages={errorMessages(pages.error)} onClose={() => void pages.refetch()} /> : null}
    </>
  );
}

/** A provider admin's own clinics (…/getAllClinics), with the add button. */
function ProviderClinics({ adminId }: { adminId: string }) {
  const pages = useApiList('getAllClinicsOfProvider', { params: { adminId } }, { allPages: true });
  return <ClinicsTable pages={pages} withProvider={false} canAdd />;
}

/** The platform admin's view, read-only (spec 6): every clinic, or one provider's with `spId`. */
function AllClinics({ adminId, spId }: { adminId: string; spId?: string }) {
  const pages = useApiList('getAllClinicsAsAdmin', { params: { adminId }, query: spId ? { spId } : {} }, { allPages: true });
  return <ClinicsTable pages={pages} withProvider={!spId} canAdd={false} />;
}

/**
 * The clinics list (spec section 2, List screens), on /clinics and in a provider's tabs (`spId`
 * narrows it to that provider's clinics): the spec's columns, the status filter, greyed
 * deactivated clinics, clinics.csv; a row opens the clinic's tabs.
 */
export function ClinicsList({ spId }: { spId?: string }) {
  const profile = useSession().signedIn?.profile;
  if (!profile) return null;
  if (profile.Role === 'LiberDiAdmin') return <AllClinics adminId={profile.UserID} spId={spId || undefined} />;
  return <ProviderClinics adminId={profile.UserID} />;
}
