import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { browserLanguage, currentLanguage, keptLanguage, page } from '@web/src/lib/language';
import { sessionStore } from '@web/src/lib/session-store';
import { fakeServer, renderPortal, resetPortal, signInAs } from '../support/portal';

let reloads = 0;
beforeEach(() => {
  resetPortal();
  localStorage.clear();
  reloads = 0;
  page.reload = () => {
    reloads += 1;
  };
});

async function openUserMenu() {
  const topBar = await screen.findByTestId('top-bar', undefined, { timeout: 5000 });
  const menu = createWrapper(topBar).findTopNavigation()!.findUtility(2)!.findMenuDropdownType()!;
  act(() => menu.openDropdown());
  return menu;
}

describe('the language', () => {
  it("follows the browser's languages until the user chooses ('he' or 'iw' is Hebrew, anything else English)", () => {
    expect(browserLanguage(['he-IL', 'en-US'])).toBe('he');
    expect(browserLanguage(['iw'])).toBe('he');
    expect(browserLanguage(['fr-FR', 'he'])).toBe('he');
    expect(browserLanguage(['en-GB', 'he'])).toBe('en');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it("is switched in the user menu: saved to the user's profile, kept for this browser, and the page loads again", async () => {
    const server = fakeServer().on('POST', '/users/user-Nurse/language', (call) => ({ status: 200, body: call.body }));
    signInAs('Nurse', { Language: 'en' });
    renderPortal('/patients');
    const menu = await openUserMenu();
    const hebrew = menu.findItemById('language-he');
    expect(hebrew).not.toBeNull();
    expect(hebrew!.getElement().textContent).toBe('עברית');
    expect(menu.findItemById('language-en')!.getElement().textContent).toBe('English');
    act(() => menu.findItemById('language-he')!.click());
    await waitFor(() => expect(reloads).toBe(1));
    expect(server.callsTo('POST', '/users/user-Nurse/language').map((call) => call.body)).toEqual([{ Language: 'he' }]);
    expect(keptLanguage()).toBe('he');
    // The reloaded shell reads the kept profile: it must not switch back to the language of the sign-in.
    expect(sessionStore.get().signedIn?.profile.Language).toBe('he');
  });

  it('keeps the page as it is and shows the error when the profile could not be saved', async () => {
    fakeServer().on('POST', '/users/user-Doctor/language', { status: 500, body: { message: ['Something went wrong, please try again'] } });
    signInAs('Doctor');
    renderPortal('/patients');
    const menu = await openUserMenu();
    act(() => menu.findItemById('language-he')!.click());
    expect(await screen.findByText('Something went wrong, please try again')).toBeTruthy();
    expect(reloads).toBe(0);
    expect(keptLanguage()).toBeUndefined();
  });

  it("takes the profile's language at sign-in (the user's choice or the clinic's default) when it differs from the page's", async () => {
    fakeServer();
    signInAs('ClinicDirector', { Language: 'he' });
    renderPortal('/patients');
    await waitFor(() => expect(reloads).toBe(1));
    expect(keptLanguage()).toBe('he');
    expect(currentLanguage()).toBe('en');
  });

  it('does not load the page again and again when this browser refuses to keep the language', async () => {
    fakeServer();
    // This browser keeps nothing in localStorage (the tab's session, in sessionStorage, still works).
    const keep = Storage.prototype.setItem;
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (this === window.localStorage) throw new Error('storage refused');
      keep.call(this, key, value);
    });
    try {
      signInAs('ClinicDirector', { Language: 'he' });
      renderPortal('/patients');
      await screen.findByTestId('top-bar', undefined, { timeout: 5000 });
      expect(reloads).toBe(0);
    } finally {
      setItem.mockRestore();
    }
  });
});
