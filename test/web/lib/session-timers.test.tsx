import { act, renderHook } from '@testing-library/react';
import { useProactiveRefresh } from '@web/src/lib/auth';
import { sessionStore } from '@web/src/lib/session-store';
import { useIdleTimer } from '@web/src/lib/use-idle-timer';
import { fakeServer, resetPortal, signedInAnswer } from '../support/portal';

beforeEach(() => {
  resetPortal();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('the idle timer', () => {
  it('fires after the idle time without a mouse down or key down, and activity restarts it (debounced 250 ms)', () => {
    const onIdle = jest.fn();
    renderHook(() => useIdleTimer(3000, onIdle));
    act(() => jest.advanceTimersByTime(2000));
    act(() => {
      document.dispatchEvent(new MouseEvent('mousedown'));
      document.dispatchEvent(new KeyboardEvent('keydown'));
    });
    act(() => jest.advanceTimersByTime(2000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1249));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('ignores other events', () => {
    const onIdle = jest.fn();
    renderHook(() => useIdleTimer(1000, onIdle));
    act(() => {
      document.dispatchEvent(new MouseEvent('mousemove'));
      jest.advanceTimersByTime(1000);
    });
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});

describe('the proactive refresh', () => {
  it('exchanges the refresh token a minute before the access token expires', async () => {
    const server = fakeServer().on('POST', '/signin/refresh', { status: 200, body: { token: 'fresh', refreshToken: 'refresh-Doctor', expiresIn: 3600 } });
    sessionStore.signIn({ ...signedInAnswer('Doctor'), expiresIn: 120 });
    renderHook(() => useProactiveRefresh());
    await act(async () => jest.advanceTimersByTime(59_000));
    expect(server.callsTo('POST', '/signin/refresh')).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(server.callsTo('POST', '/signin/refresh')).toHaveLength(1);
    await act(async () => Promise.resolve());
    expect(sessionStore.get().signedIn?.token).toBe('fresh');
  });
});
