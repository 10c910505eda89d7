import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ExchangeRow } from '@shared/api/exchanges';

interface ExchangesPage {
  exchanges: ExchangeRow[];
}
type Cached = ExchangesPage | InfiniteData<ExchangesPage> | undefined;

/**
 * Changes one exchange in every cached read of the patient's exchanges (the table's pages and the
 * highlights' period), so a saved comment or cleared alert shows at once without reading again
 * (spec section 4: saving a comment updates its note locally).
 */
export function patchCachedExchange(client: QueryClient, routeId: string, exchangeId: string, patch: Partial<ExchangeRow>): void {
  const patchPage = (page: ExchangesPage): ExchangesPage => ({
    ...page,
    exchanges: page.exchanges.map((exchange) => (exchange._id === exchangeId ? { ...exchange, ...patch } : exchange)),
  });
  client.setQueriesData<Cached>({ queryKey: [routeId] }, (cached) => {
    if (!cached) return cached;
    if ('pages' in cached) return { ...cached, pages: cached.pages.map(patchPage) };
    if ('exchanges' in cached) return patchPage(cached);
    return cached;
  });
}
