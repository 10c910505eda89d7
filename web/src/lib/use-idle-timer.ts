import { useEffect, useRef } from 'react';

/** Activity that keeps a session alive (spec section 9). */
const ACTIVITY_EVENTS = ['mousedown', 'keydown'] as const;
const DEBOUNCE_MS = 250;

/** Calls `onIdle` after `timeoutMs` without a mouse down or key down; activity restarts the wait (debounced 250 ms). */
export function useIdleTimer(timeoutMs: number, onIdle: () => void, enabled = true): void {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    if (!enabled || !(timeoutMs > 0)) return undefined;
    let idleTimer = setTimeout(() => onIdleRef.current(), timeoutMs);
    let debounceTimer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => onIdleRef.current(), timeoutMs);
    };
    const onActivity = () => {
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(restart, DEBOUNCE_MS);
    };
    for (const event of ACTIVITY_EVENTS) document.addEventListener(event, onActivity, true);
    return () => {
      clearTimeout(idleTimer);
      clearTimeout(debounceTimer);
      for (const event of ACTIVITY_EVENTS) document.removeEventListener(event, onActivity, true);
    };
  }, [timeoutMs, enabled]);
}
