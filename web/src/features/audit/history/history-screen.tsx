import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '@shared/api/history';
import { history } from '@shared/messages/history';
import { DataList } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiList } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { currentLocale } from '@web/src/lib/language';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { history };

const h = messages.history;
const c = h.columns;

/** The filters the server applies: the month, a person, a patient. */
interface HistoryFilters {
  month: string;
  userId: string;
  patientId: string;
}

const columns: ListColumn<AuditEntry>[] = [
  { id: 'at', header: c.at, value: (entry) => entry.At, cell: (entry) => new Date(entry.At).toLocaleString(currentLocale()), type: 'date' },
  { id: 'user', header: c.user, value: (entry) => entry.UserID },
  { id: 'role', header: c.role, value: (entry) => entry.Role },
  { id: 'action', header: c.action, value: (entry) => (entry.Action === 'read' ? h.read : h.write) },
  { id: 'entity', header: c.entity, value: (entry) => entry.Entity },
  { id: 'id', header: c.id, value: (entry) => entry.EntityID },
  { id: 'changes', header: c.changes, value: (entry) => (entry.Changes ?? []).map((change) => change.field).join(' ') },
  { id: 'patient', header: c.patient, value: (entry) => entry.PatientID },
  { id: 'source', header: c.source, value: (entry) => entry.SourceIp },
];

/** Only the filters that are set, as the route's query. */
function queryOf(filters: HistoryFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value.trim() !== '')
      .map(([key, value]) => [key, value.trim()]),
  );
}

function HistoryList({ pages }: { pages: ReturnType<typeof useApiList<'getClinicHistory'>> }) {
  return (
    <>
      <DataList<AuditEntry>
        title={h.title}
        items={pages.items}
        columns={columns}
        trackBy={(entry) => entry.AuditID}
        loading={pages.isLoading}
        csvFileName="history.csv"
        more={pages.more}
      />
      {pages.error ? <ErrorDialog messages={errorMessages(pages.error)} onClose={() => void pages.refetch()} /> : null}
    </>
  );
}

/** Each role reads its own trail: the platform's, its provider's, its clinic's. */
function PlatformHistory({ userId, query }: { userId: string; query: Record<string, string> }) {
  return <HistoryList pages={useApiList('getPlatformHistory', { params: { adminId: userId }, query })} />;
}
function ProviderHistory({ userId, query }: { userId: string; query: Record<string, string> }) {
  return <HistoryList pages={useApiList('getProviderHistory', { params: { adminId: userId }, query })} />;
}
function ClinicHistory({ userId, query }: { userId: string; query: Record<string, string> }) {
  return <HistoryList pages={useApiList('getClinicHistory', { params: { id: userId }, query })} />;
}

/**
 * The audit trail for the people responsible (beyond the spec; DESIGN.md section 5): LiberDiAdmin
 * the platform, a ServiceProviderAdmin the own provider, a ClinicDirector the own clinic. Filtered
 * by month, person and patient on the server; sorted, searched and exported as CSV in the list.
 */
export function HistoryScreen() {
  const profile = useSession().signedIn?.profile;
  const [search] = useSearchParams();
  const [draft, setDraft] = useState<HistoryFilters>({ month: '', userId: '', patientId: search.get('patientId') ?? '' });
  const [applied, setApplied] = useState<HistoryFilters>(draft);
  if (!profile) return null;
  const query = queryOf(applied);
  const field = (key: keyof HistoryFilters, label: string, placeholder?: string) => (
    <FormField label={label}>
      <Input value={draft[key]} placeholder={placeholder} ariaLabel={label} onChange={({ detail }) => setDraft({ ...draft, [key]: detail.value })} />
    </FormField>
  );
  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h2" description={h.description}>
            {h.filters}
          </Header>
        }
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(draft);
          }}
        >
          <SpaceBetween size="s">
            <ColumnLayout columns={3}>
              {field('month', h.month, 'yyyy-mm')}
              {field('userId', h.person)}
              {field('patientId', h.patient)}
            </ColumnLayout>
            <Button formAction="submit" variant="primary">
              {h.apply}
            </Button>
          </SpaceBetween>
        </form>
      </Container>
      {profile.Role === 'LiberDiAdmin' ? <PlatformHistory key={JSON.stringify(query)} userId={profile.UserID} query={query} /> : null}
      {profile.Role === 'ServiceProviderAdmin' ? <ProviderHistory key={JSON.stringify(query)} userId={profile.UserID} query={query} /> : null}
      {profile.Role === 'ClinicDirector' ? <ClinicHistory key={JSON.stringify(query)} userId={profile.UserID} query={query} /> : null}
    </SpaceBetween>
  );
}
