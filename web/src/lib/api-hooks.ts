import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type UseQueryOptions } from '@tanstack/react-query';
import type { RouteId } from '@shared/api/routes';
import { call, errorMessages, firstPageOptions, takeAnsweredReadAhead, type CallOptions, type ResultOf } from './api-client';

/** A query's cache key: the route and everything sent with it, so two screens asking alike share one call. */
export const queryKeyOf = <Id extends RouteId>(id: Id, options: CallOptions<Id>) => [id, options] as const;

/** `call()` for a route id the hooks only know as generic (its options' shape is checked at the hook's call). */
const send = <Id extends RouteId>(id: Id, options: unknown) =>
  (call as (id: RouteId, options: unknown) => Promise<unknown>)(id, options) as Promise<ResultOf<Id>>;

/**
 * Reads a route through the cache: `useApiQuery('getSession', { params: { userId } })` (`{}` for a
 * route without parameters). Pair it with `<QueryState>` for the spinner and the error dialog.
 */
export function useApiQuery<Id extends RouteId>(
  id: Id,
  options: CallOptions<Id>,
  queryOptions: Omit<UseQueryOptions<ResultOf<Id>, Error>, 'queryKey' | 'queryFn'> = {},
) {
  const ahead = answeredAhead(() => takeAnsweredReadAhead(id, options));
  return useQuery<ResultOf<Id>, Error>({ queryKey: queryKeyOf(id, options), queryFn: () => send(id, options), ...ahead, ...queryOptions });
}

/**
 * A query's first data from a read sent ahead whose answer is in (app/first-reads.ts): the cache
 * asks for it only when it creates the query, and counts it as fresh from when it was sent.
 */
function answeredAhead<T>(take: () => { data: T; at: number } | undefined) {
  let at: number | undefined;
  return {
    initialData: () => {
      const ahead = take();
      at = ahead?.at;
      return ahead?.data;
    },
    initialDataUpdatedAt: () => at,
  };
}

/** A page of a server list (the API's lists page with `{ items, cursor }`). */
export interface ListPage<T> {
  items: T[];
  /** Where the next page starts; absent on the last page. */
  cursor?: string;
}

type ListAnswer<Id extends RouteId> = ResultOf<Id> & { cursor?: string };

type ItemOf<Id extends RouteId> = ResultOf<Id> extends { items: Array<infer T> } ? T : unknown;

export interface ApiListSettings<Id extends RouteId, T> {
  /** Where a page holds its rows when not in `items` (`getExchanges` answers `{ exchanges, count, cursor }`). */
  itemsOf?: (page: ResultOf<Id>) => T[];
  /** Read every page, one after the other. */
  allPages?: boolean;
  /** Ask for the largest pages the route gives (its `limit`'s most): fewer round trips on a slow line. */
  largestPages?: boolean;
  /** How long an answer counts as fresh (the client's default when absent); 0 reads again whenever the screen opens. */
  staleTime?: number;
}

/**
 * Reads a paged server list: the items loaded so far, and `more` for `<DataList more={…}>` to ask
 * for the next page (sent as `?cursor=`). `pages` keeps each answer whole (e.g. a count beside the
 * rows). With `allPages` every page is read, one after the other (a list that must sort and filter
 * the whole set, like the clinic's patients).
 */
export function useApiList<Id extends RouteId, T = ItemOf<Id>>(id: Id, options: CallOptions<Id>, settings: ApiListSettings<Id, T> = {}) {
  const { allPages = false } = settings;
  const firstPage = firstPageOptions(id, options, settings);
  const queryKey = [...queryKeyOf(id, options), 'pages'];
  // With allPages, each page's request goes out as soon as the page before it arrives, not after
  // that page is rendered: on a slow CPU a render takes as long as a round trip.
  const early = useRef(new Map<string, Promise<ListAnswer<Id>>>());
  const keyOf = (cursor: string) => `${JSON.stringify(queryKey)} ${cursor}`;
  const request = (cursor: string | undefined): Promise<ListAnswer<Id>> => {
    const answer = send(id, cursor ? { ...firstPage, query: { ...firstPage.query, cursor } } : firstPage) as Promise<ListAnswer<Id>>;
    if (allPages)
      answer.then(
        (page) => page.cursor && early.current.set(keyOf(page.cursor), request(page.cursor)),
        () => undefined, // the error surfaces where the page is asked for
      );
    return answer;
  };
  const readPage = (cursor: string | undefined): Promise<ListAnswer<Id>> => {
    const sent = cursor === undefined ? undefined : early.current.get(keyOf(cursor));
    if (cursor !== undefined) early.current.delete(keyOf(cursor));
    return sent ?? request(cursor);
  };
  const query = useInfiniteQuery<ListAnswer<Id>, Error, InfiniteData<ListAnswer<Id>>, readonly unknown[], string | undefined>({
    queryKey,
    queryFn: ({ pageParam }) => readPage(pageParam),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.cursor || undefined,
    ...answeredAhead(() => {
      const ahead = takeAnsweredReadAhead(id, firstPage);
      return ahead && { data: { pages: [ahead.data], pageParams: [undefined] }, at: ahead.at };
    }),
    ...(settings.staleTime === undefined ? {} : { staleTime: settings.staleTime }),
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  // The count of pages too: a page sent early arrives at once, so a render may never see it fetching.
  const pagesRead = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (allPages && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [allPages, hasNextPage, isFetchingNextPage, isError, fetchNextPage, pagesRead]);
  const itemsOf = settings.itemsOf ?? ((page: ResultOf<Id>) => (page as unknown as ListPage<T>).items);
  const items = query.data?.pages.flatMap((page) => itemsOf(page)) ?? [];
  const more = {
    hasMore: !!query.hasNextPage,
    loading: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  };
  return { ...query, items, more };
}

export interface MutationSettings<Id extends RouteId> {
  /** The routes whose cached answers the change makes stale: they are read again. */
  invalidates?: readonly RouteId[];
  onSuccess?: (result: ResultOf<Id>) => void;
}

/**
 * Changes data through a route: `mutate({ params, body })`; the listed routes are read again
 * after a success, and `errorDialog` feeds `<ErrorDialog {...errorDialog} />` (spec section 8).
 */
export function useApiMutation<Id extends RouteId>(id: Id, settings: MutationSettings<Id> = {}) {
  const client = useQueryClient();
  const mutation = useMutation<ResultOf<Id>, Error, CallOptions<Id>>({
    mutationFn: (options) => send(id, options),
    onSuccess: async (result) => {
      await Promise.all((settings.invalidates ?? []).map((route) => client.invalidateQueries({ queryKey: [route] })));
      settings.onSuccess?.(result);
    },
  });
  const errorDialog = { messages: mutation.error ? errorMessages(mutation.error) : undefined, onClose: mutation.reset };
  return { ...mutation, errorDialog };
}
