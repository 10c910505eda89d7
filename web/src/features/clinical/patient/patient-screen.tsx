import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { patients } from '@shared/messages/patients';
import { paths } from '@web/src/config/routes';
import { QueryState } from '@web/src/components/query-state';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { AddExchangeModal } from './add-exchange-modal';
import { AlertsWithoutExchange } from './alerts-without-exchange';
import { PatientExchangesTab } from './exchanges-tab';
import { FhirExportButton } from './fhir-export';
import { NoticeAcknowledgement } from './notice-acknowledgement';
import { PatientPrescriptionTab } from './prescription-tab';
import { PatientProfileTab } from './profile-tab';
import { PatientVisitsTab } from './visits-tab';
import { useStaffUser } from '@web/src/lib/staff';
import { patientProfileRead } from '../clinical-reads';
import { tabsStrings } from '@web/src/lib/tabs-strings';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const m = messages.patients;

/** The tabs in the spec's order (section 2 "Patient area"), each its own path. */
const tabs = [
  { id: 'exchanges', label: m.tabs.exchanges, path: paths.patientExchanges },
  { id: 'visits', label: m.tabs.visits, path: paths.patientVisits },
  { id: 'prescription', label: m.tabs.prescription, path: paths.patientPrescription },
  { id: 'profile', label: m.tabs.profile, path: paths.patientProfile },
] as const;
type TabId = (typeof tabs)[number]['id'];

/** What the screen that opened the patient leaves in the navigation state: where Back returns, and a tab index. */
interface PatientNavigationState {
  origin?: string;
  tab?: number;
}

/** The tab of the path; `/patient` itself shows the tab index of the navigation state, else Exchanges. */
function tabOf(pathname: string, state: PatientNavigationState | null): TabId {
  const fromPath = tabs.find((tab) => pathname.endsWith(`/${tab.id}`));
  if (fromPath) return fromPath.id;
  return tabs[state?.tab ?? 0]?.id ?? 'exchanges';
}

/**
 * The patient screen (spec section 2 "Patient area"): the patient's name with a way back to where
 * the user came from, the exchange count, '+ Add exchange' (disabled for Nurse), and the tabs
 * Exchanges, Visits, Prescription and Profile.
 */
export function PatientScreen() {
  const [search] = useSearchParams();
  const patientId = search.get('patientId') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as PatientNavigationState | null;
  const staff = useStaffUser();
  const { role } = staff;
  const [adding, setAdding] = useState(false);
  const profileRead = patientProfileRead(staff, patientId);
  const profile = useApiQuery(profileRead.id, profileRead.options);
  const pii = profile.data?.PIIProfile[0];
  const active = tabOf(location.pathname, state);
  const origin = state?.origin && state.origin.startsWith('/') ? state.origin : paths.patients();

  const content = (id: TabId) => {
    switch (id) {
      case 'exchanges':
        return <PatientExchangesTab patientId={patientId} />;
      case 'visits':
        return <PatientVisitsTab patientId={patientId} />;
      case 'prescription':
        return <PatientPrescriptionTab patientId={patientId} />;
      case 'profile':
        return <PatientProfileTab patientId={patientId} />;
    }
  };

  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Box>
            <Button variant="icon" iconName="arrow-left" ariaLabel={m.screen.back} onClick={() => navigate(origin)} />
          </Box>
          <Header
            variant="h1"
            description={profile.data && <span data-testid="exchange-count">{m.screen.exchangeCount(profile.data.Profile.ExchangeCount ?? 0)}</span>}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <FhirExportButton patientId={patientId} patientName={pii && `${pii.FirstName} ${pii.LastName}`} />
                <Button variant="primary" disabled={role === 'Nurse' || !profile.data} onClick={() => setAdding(true)}>
                  {m.addExchange}
                </Button>
              </SpaceBetween>
            }
          >
            {pii ? `${pii.FirstName} ${pii.LastName}` : m.screen.title}
          </Header>
          {/* The spinner while the patient loads, the error dialog if that fails (spec section 8). */}
          <QueryState query={profile}>{() => null}</QueryState>
        </SpaceBetween>
      }
    >
      <NoticeAcknowledgement patientId={patientId} />
      {profile.data?.alertsWithoutExchange?.length ? (
        <Box margin={{ bottom: 'l' }}>
          <AlertsWithoutExchange patientId={patientId} alerts={profile.data.alertsWithoutExchange} />
        </Box>
      ) : null}
      <Tabs
        ariaLabel={m.screen.tabsLabel}
        i18nStrings={tabsStrings()}
        activeTabId={active}
        onChange={({ detail }) => {
          const tab = tabs.find((candidate) => candidate.id === detail.activeTabId)!;
          navigate(tab.path({ patientId }), { state: { origin: state?.origin } });
        }}
        tabs={tabs.map((tab) => ({ id: tab.id, label: tab.label, content: tab.id === active ? content(tab.id) : null }))}
      />
      {adding && role !== 'Nurse' && <AddExchangeModal patientId={patientId} hasDevice={!!profile.data?.device} onClose={() => setAdding(false)} />}
    </ContentLayout>
  );
}
