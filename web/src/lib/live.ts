import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChangeNotice } from '@shared/live';
import { call } from './api-client';
import { useSession } from './auth';
import { runtimeConfig } from './runtime-config';
import { sessionStore } from './session-store';

/** Notices arriving this close together are one refresh (a device sending its backlog, a busy clinic for LiberDiAdmin). */
const BATCH_MS = 250;

/** The lists a notice changes whatever patient or device it names: the patient lists and the device lists. */
const LIST_ROUTE = /^(getAllClinicPatients|getallpatientsAsDoctor|getAllDevices)/;

/** What a page shows of the live state, for people and for the browser tests: `data-live-state`, `data-live-notices` on <html>. */
function show(name: 'liveState' | 'liveNotices', value: string): void {
  if (typeof document !== 'undefined') document.documentElement.dataset[name] = value;
}

/**
 * Whether a cached query shows something a notice changed: the patient lists and device lists,
 * and any query of the notice's patient or device (its path parameters name it: the patient
 * screen's profile, exchanges, adherence, visits and prescription; a device's exchanges and errors).
 */
export function isAffected(query: Pick<Query, 'queryKey'>, notices: readonly ChangeNotice[]): boolean {
  const [routeId, options] = query.queryKey as [unknown, { params?: Record<string, unknown> } | undefined];
  if (typeof routeId !== 'string') return false;
  if (LIST_ROUTE.test(routeId)) return true;
  const named = new Set(Object.values(options?.params ?? {}));
  return notices.some((notice) => named.has(notice.DeviceID) || (notice.PatientID !== undefined && named.has(notice.PatientID)));
}

/** Collects notices for a moment, then has the open screens read again what they changed (only the active queries refetch). */
function refresher(queryClient: QueryClient) {
  let pending: ChangeNotice[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    add(notice: ChangeNotice) {
      pending.push(notice);
      timer ??= setTimeout(() => {
        const notices = pending;
        pending = [];
        timer = undefined;
        void queryClient.invalidateQueries({ predicate: (query) => isAffected(query, notices) });
      }, BATCH_MS);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}

/**
 * Live screens (docs/live-screens.md): while someone is signed in, listens to their tenant's change
 * notices and refreshes the open patient list, patient screen, device lists and prescription
 * header within about a second of a device's exchange, error or acknowledgement. After a dropped
 * connection comes back, the open screen reads again what it may have missed. Mounted once, in
 * the signed-in shell; the MQTT client is loaded only then.
 */
export function useLiveNotices(): void {
  const userId = useSession().signedIn?.profile.UserID;
  const queryClient = useQueryClient();
  useEffect(() => {
    const config = runtimeConfig().live;
    if (!userId || !config) return undefined;
    let stop: (() => void) | undefined;
    let ended = false;
    let received = 0;
    let wasConnected = false;
    let disrupted = false;
    const refresh = refresher(queryClient);
    show('liveNotices', '0');
    show('liveState', 'Connecting');
    void (async () => {
      const { topicFilter } = await call('grantLiveNotices', { params: { userId }, body: { idToken: sessionStore.get().signedIn?.idToken } });
      if (!topicFilter || ended) return show('liveState', 'Off');
      const { connectLive } = await import('./live-client');
      if (ended) return;
      const close = await connectLive({
        config,
        topicFilter,
        accessToken: () => sessionStore.get().signedIn?.token,
        idToken: () => sessionStore.get().signedIn?.idToken,
        onNotice: (notice) => {
          received += 1;
          show('liveNotices', String(received));
          refresh.add(notice);
        },
        onState: (state) => {
          show('liveState', state);
          if (state === 'Connected') {
            // Back after a drop: what changed meanwhile sent notices nobody heard.
            if (wasConnected && disrupted) void queryClient.invalidateQueries({ refetchType: 'active' });
            wasConnected = true;
            disrupted = false;
          } else if (wasConnected) disrupted = true;
        },
      });
      if (ended) close();
      else stop = close;
    })().catch(() => show('liveState', 'Unavailable'));
    return () => {
      ended = true;
      refresh.cancel();
      stop?.();
      show('liveState', 'Off');
    };
  }, [userId, queryClient]);
}

/** `useLiveNotices` as an element, for the shell to mount inside its query cache. */
export function LiveNotices(): null {
  useLiveNotices();
  return null;
}
