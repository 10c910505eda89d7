import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The portal's query cache. A failed call is shown at once (the spec's error dialog) rather than
 * retried behind a spinner, except when no answer came at all; a screen's data is fresh for 30 s.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && error instanceof ApiError && error.noAnswer,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
