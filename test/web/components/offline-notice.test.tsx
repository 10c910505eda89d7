import { act, render, screen } from '@testing-library/react';
import * as messages from '@shared/messages';
import { OfflineNotice } from '@web/src/components/offline-notice';

const offlineText = messages.widgets.offline;

function goOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => jest.restoreAllMocks());

describe('the offline notice', () => {
  it('shows while the browser is offline and goes when the connection is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByText(offlineText)).toBeNull();
    goOnline(false);
    expect(screen.getByRole('status').textContent).toBe(offlineText);
    goOnline(true);
    expect(screen.queryByText(offlineText)).toBeNull();
  });

  it('shows at once on a page opened offline', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineNotice />);
    expect(screen.getByText(offlineText)).toBeTruthy();
  });
});
