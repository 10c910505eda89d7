import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { sessionStore } from '../lib/session-store';

/**
 * What every signed-in screen may rely on: the query cache. It lives in the shell's chunk (the
 * session screens need none, and /login stays small) and is emptied when the signed-in user
 * changes or leaves, so nobody sees the data the previous user read.
 */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  useEffect(() => {
    let userId = sessionStore.get().signedIn?.profile.UserID;
    return sessionStore.subscribe(() => {
      const next = sessionStore.get().signedIn?.profile.UserID;
      if (next !== userId) queryClient.clear();
      userId = next;
    });
  }, [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
