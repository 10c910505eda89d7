import { act, render, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { AppProvider } from '@web/src/app/provider';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DataList } from '@web/src/components/list/data-list';
import { QueryState } from '@web/src/components/query-state';
import { useApiList, useApiMutation, useApiQuery } from '@web/src/lib/api-hooks';
import { fakeServer, resetPortal, signInAs } from '../support/portal';

beforeEach(() => {
  resetPortal();
  signInAs('Nurse');
});

function Profile() {
  const query = useApiQuery('getSession', { params: { userId: 'user-Nurse' } });
  return <QueryState query={query}>{(data) => <p data-testid="name">{data.profile.FirstName}</p>}</QueryState>;
}

const withProvider = (ui: React.ReactNode) => render(<AppProvider>{ui}</AppProvider>);
const dialogText = () => createWrapper(document.body).findModal()?.findContent().getElement().textContent;

describe('data hooks', () => {
  it('shows a spinner while the data loads, then the data', async () => {
    fakeServer().on('GET', '/users/user-Nurse/session', { status: 200, body: { profile: { FirstName: 'Nora' } } });
    withProvider(<Profile />);
    expect(screen.getByTestId('loading').textContent).toBe('Loading');
    expect((await screen.findByTestId('name')).textContent).toBe('Nora');
  });

  it("shows a failed load in the error dialog, in the spec's words", async () => {
    fakeServer().on('GET', '/users/user-Nurse/session', { status: 403, body: { message: ["Error: signed user don't have access to user."] } });
    withProvider(<Profile />);
    await waitFor(() => expect(dialogText()).toBe("Error: signed user don't have access to user."));
    expect(createWrapper(document.body).findModal()!.findHeader().getElement().textContent).toBe('Error');
    act(() => createWrapper(document.body).findModal()!.findFooter()!.findButton()!.click());
    await waitFor(() => expect(createWrapper(document.body).findModal()?.isVisible()).toBeFalsy());
  });

  it('reads a list again after a change, and loads the further pages on demand', async () => {
    const names = ['Ann', 'Bob'];
    const server = fakeServer()
      .on('GET', /^\/users\/user-Nurse\/session(\?cursor=2)?$/, (call) =>
        call.url.endsWith('cursor=2')
          ? { status: 200, body: { items: [{ id: 'z', name: 'Zed' }] } }
          : { status: 200, body: { items: names.map((name) => ({ id: name, name })), cursor: '2' } },
      )
      .on('POST', '/signout', () => {
        names.push('Cid');
        return { status: 200, body: { signedOut: true } };
      });

    function People() {
      const list = useApiList<'getSession', { id: string; name: string }>('getSession', { params: { userId: 'user-Nurse' } });
      const add = useApiMutation('signOut', { invalidates: ['getSession'] });
      return (
        <>
          <button onClick={() => add.mutate({ body: { refreshToken: 'r' } })}>change</button>
          <DataList
            title="People"
            items={list.items}
            loading={list.isPending}
            more={list.more}
            trackBy={(item) => item.id}
            columns={[{ id: 'name', header: 'Name', value: (item) => item.name }]}
          />
          <ErrorDialog {...add.errorDialog} />
        </>
      );
    }
    withProvider(<People />);
    const table = () => createWrapper(document.body).findTable()!;
    const names$ = () =>
      table()
        .findRows()
        .map((row) => row.getElement().textContent);
    await waitFor(() => expect(names$()).toEqual(['Ann', 'Bob']));
    act(() => createWrapper(document.body).findButton('[data-testid="load-more"]')!.click());
    await waitFor(() => expect(names$()).toEqual(['Ann', 'Bob', 'Zed']));
    expect(createWrapper(document.body).findButton('[data-testid="load-more"]')).toBeNull();
    act(() => screen.getByText('change').click());
    await waitFor(() => expect(names$()).toEqual(['Ann', 'Bob', 'Cid', 'Zed']));
    expect(server.callsTo('POST', '/signout')).toHaveLength(1);
  });

  it('reads every page with allPages, asking for the next as soon as a page arrives, before it is shown', async () => {
    const shownWhenAsked: Array<string | undefined> = [];
    const server = fakeServer().on('GET', /^\/users\/user-Nurse\/session(\?cursor=\d)?$/, (call) => {
      const page = Number(/cursor=(\d)/.exec(call.url)?.[1] ?? 0);
      shownWhenAsked.push(screen.queryByTestId('count')?.textContent ?? undefined);
      return { status: 200, body: { items: [{ id: `p${page}` }], ...(page < 2 ? { cursor: String(page + 1) } : {}) } };
    });
    function Everyone() {
      const list = useApiList<'getSession', { id: string }>('getSession', { params: { userId: 'user-Nurse' } }, { allPages: true });
      return <p data-testid="count">{list.items.map((item) => item.id).join(',')}</p>;
    }
    withProvider(<Everyone />);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('p0,p1,p2'));
    expect(server.callsTo('GET', '/users/user-Nurse/session?cursor=1')).toHaveLength(1);
    expect(server.callsTo('GET', '/users/user-Nurse/session?cursor=2')).toHaveLength(1);
    // Each next page was asked for while the screen still showed none of the page before it.
    expect(shownWhenAsked).toEqual(['', '', '']);
  });

  it('shows a failed change in the error dialog', async () => {
    fakeServer().on('POST', '/signout', { status: 400, body: { message: ['refreshToken is required'] } });
    function Change() {
      const change = useApiMutation('signOut');
      return (
        <>
          <button onClick={() => change.mutate({ body: { refreshToken: '' } })}>change</button>
          <ErrorDialog {...change.errorDialog} />
        </>
      );
    }
    withProvider(<Change />);
    act(() => screen.getByText('change').click());
    await waitFor(() => expect(dialogText()).toBe('refreshToken is required'));
  });
});
