import { API_BASE, buildPath } from '@shared/api/paths';
import type { BodyInputOf, ParamNames, ResponseOf } from '@shared/api/route-definition';
import { routeIndex as routes } from '@shared/api/route-index';
import type { RouteId, Routes } from '@shared/api/routes';
import type { SessionTokens } from '@shared/api/session';
import { session } from '@shared/messages/session';
import { reduceErrorMessages } from './api-errors';
import { runtimeConfig } from './runtime-config';
import { sessionStore } from './session-store';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { session };

/** What a route answers on success: its response schema's type, from the route table. */
export type ResultOf<Id extends RouteId> = ResponseOf<Routes[Id]>;

/** What a route takes as its body. */
export type BodyOf<Id extends RouteId> = BodyInputOf<Routes[Id]>;

/** The route's path parameters, by name. */
export type ParamsOf<Id extends RouteId> = { [K in ParamNames<Routes[Id]['path']>]: string };

export type CallOptions<Id extends RouteId> = {
  query?: Record<string, string>;
  body?: BodyOf<Id>;
} & ([ParamNames<Routes[Id]['path']>] extends [never] ? { params?: undefined } : { params: ParamsOf<Id> });

/** Options may be left out when the route has no path parameters. */
type OptionsArgument<Id extends RouteId> = [ParamNames<Routes[Id]['path']>] extends [never] ? [options?: CallOptions<Id>] : [options: CallOptions<Id>];

/** A failed call, reduced to the spec's messages (section 8); `status` is absent when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly messages: string[],
    readonly status?: number,
    /** The first message per input, when the server named fields (validation). */
    readonly fields?: Record<string, string>,
  ) {
    super(messages.join('\n'));
    this.name = 'ApiError';
  }

  get noAnswer(): boolean {
    return this.status === undefined;
  }
}

/** The pending steps send their temporary session instead of the signed-in token. */
function tokenFor(id: RouteId): string | undefined {
  const slots = sessionStore.get();
  const route = routes[id];
  if (route.token === 'none') return undefined;
  if (route.token === 'pending') return id === 'signInTwoFactor' ? slots.pendingTwoFactor?.token : slots.pendingPasswordChange?.token;
  return slots.signedIn?.token;
}

function apiBase(): string {
  try {
    return runtimeConfig().apiBase;
  } catch {
    return API_BASE;
  }
}

function clientVersion(): string {
  try {
    return runtimeConfig().frontendVersion;
  } catch {
    return 'unknown';
  }
}

interface Answer {
  status: number;
  data: unknown;
}

type AnyOptions = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/** Where a call goes: the API's base, the route's path with its parameters, the query. */
function requestUrl(id: RouteId, options: AnyOptions): string {
  const query = options.query && Object.keys(options.query).length ? `?${new URLSearchParams(options.query)}` : '';
  return `${apiBase()}${buildPath(routes[id].path, options.params ?? {})}${query}`;
}

/**
 * A list's first page as `useApiList` asks for it: with `largestPages`, the largest page the
 * route's `limit` allows (fewer round trips on a slow line), unless the options name a limit.
 */
export function firstPageOptions<O extends AnyOptions>(id: RouteId, options: O, settings: { largestPages?: boolean }): O {
  const largest = settings.largestPages ? routes[id].largestPage : undefined;
  return { ...options, query: { ...(largest ? { limit: String(largest) } : {}), ...options.query } };
}

/** How long a read sent ahead waits for the screen's call; after that the screen's call is sent anew. */
const READ_AHEAD_FRESH_MS = 10_000;
interface ReadAhead {
  at: number;
  answer: Promise<Answer>;
  /** The answer, once it is in. */
  settled?: Answer;
}
const readsAhead = new Map<string, ReadAhead>();
// A read sent ahead is the signed-in user's: dropped once another signs in, or nobody is.
let readsAheadUser = sessionStore.get().signedIn?.profile.UserID;
sessionStore.subscribe(() => {
  const user = sessionStore.get().signedIn?.profile.UserID;
  if (user !== readsAheadUser) readsAhead.clear();
  readsAheadUser = user;
});
const readAheadKey = (id: RouteId, options: AnyOptions, token: string | undefined) => `${requestUrl(id, options)} ${token ?? ''}`;

/**
 * Sends a read now, before the screen that makes it has loaded (app/first-reads.ts): the screen's
 * own call of the same route, options and session takes this answer instead of asking again, once,
 * within 10 s. On a slow line that is the screen's code's load and first render earlier. The
 * promise settles, never failing, once the answer is in (or the call failed).
 */
export function readAhead<Id extends RouteId>(id: Id, ...[options]: OptionsArgument<Id>): Promise<void> {
  const token = tokenFor(id);
  if (routes[id].method !== 'GET' || (routes[id].token !== 'none' && !token)) return Promise.resolve();
  const key = readAheadKey(id, options ?? {}, token);
  const sent = readsAhead.get(key);
  if (sent) return sent.answer.then(settledNothing, settledNothing);
  const ahead: ReadAhead = { at: Date.now(), answer: send(id, options ?? {}, token) };
  readsAhead.set(key, ahead);
  return ahead.answer.then(
    (answer) => {
      ahead.settled = answer;
    },
    settledNothing, // a failure is the screen's call's to show
  );
}

const settledNothing = () => undefined;

/**
 * The read sent ahead of this route, options and token, taken when it is fresh and `usable` takes
 * it; a stale one is dropped. Only a read is answered so: a change to the same address is always
 * sent (a device's profile is read and saved at one path).
 */
function takeReadAheadIf(id: RouteId, options: AnyOptions, token: string | undefined, usable: (ahead: ReadAhead) => boolean): ReadAhead | undefined {
  if (routes[id].method !== 'GET') return undefined;
  const key = readAheadKey(id, options, token);
  const ahead = readsAhead.get(key);
  if (!ahead) return undefined;
  const fresh = Date.now() - ahead.at <= READ_AHEAD_FRESH_MS;
  if (fresh && !usable(ahead)) return undefined;
  readsAhead.delete(key);
  return fresh ? ahead : undefined;
}

/**
 * A read sent ahead whose answer is in and a success, taken: a screen's query starts from it
 * (`initialData` in lib/api-hooks.ts), so its first render shows the data, where it would show a
 * spinner and render again once the call it sends after that render is answered. Any other answer
 * stays for the screen's call, which shows its error or refreshes the session as it would.
 */
export function takeAnsweredReadAhead<Id extends RouteId>(id: Id, options: CallOptions<Id>): { data: ResultOf<Id>; at: number } | undefined {
  const ahead = takeReadAheadIf(id, options, tokenFor(id), ({ settled }) => settled !== undefined && succeeded(settled));
  return ahead && { data: ahead.settled!.data as ResultOf<Id>, at: ahead.at };
}

/** Spec section 7: a status from 200 up to below 400 is a success. */
const succeeded = (answer: Answer) => answer.status >= 200 && answer.status < 400;

async function send(id: RouteId, options: AnyOptions, token: string | undefined): Promise<Answer> {
  const route = routes[id];
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-client-version': clientVersion() };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(requestUrl(id, options), {
      method: route.method,
      headers,
      body: route.method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
    });
  } catch (error) {
    throw new ApiError(reduceErrorMessages({ errorMessage: (error as Error).message }));
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the raw text is the data
  }
  return { status: response.status, data };
}

let refreshing: Promise<boolean> | undefined;

/**
 * Exchanges the refresh token for a new access token, once at a time however many calls ask.
 * Resolves false (and clears the session, so the guard shows /login) when the session is over.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = sessionStore.get().signedIn?.refreshToken;
    if (!refreshToken) return false;
    try {
      const answer = await send('refreshSession', { body: { refreshToken } }, undefined);
      if (answer.status === 401) {
        sessionStore.clear();
        return false;
      }
      if (!succeeded(answer)) return false;
      sessionStore.updateTokens(answer.data as SessionTokens);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * Calls one route of the route table: fills the path, sends JSON with the client version and the
 * session's bearer token, and answers the result or throws an ApiError with the reduced messages.
 * An authenticated call answered 401 is retried once after a silent refresh; if that fails too
 * the session is cleared, and the guard takes the visitor to /login.
 */
export async function call<Id extends RouteId>(id: Id, ...[options]: OptionsArgument<Id>): Promise<ResultOf<Id>> {
  options ??= {} as CallOptions<Id>;
  const authenticated = routes[id].token !== 'none';
  const token = tokenFor(id);
  // Spec 6: without a signed-in user an authenticated call is not sent at all.
  if (authenticated && !token) throw new ApiError([messages.session.authenticationError], 401);
  let answer = await (takeReadAheadIf(id, options, token, () => true)?.answer ?? send(id, options, token));
  if (answer.status === 401 && authenticated && token) {
    if (await refreshSession()) answer = await send(id, options, tokenFor(id));
    if (answer.status === 401) sessionStore.clear();
  }
  if (succeeded(answer)) return answer.data as ResultOf<Id>;
  const fields = answer.data && typeof answer.data === 'object' ? (answer.data as { fields?: Record<string, string> }).fields : undefined;
  throw new ApiError(reduceErrorMessages({ status: answer.status, data: answer.data }), answer.status, fields);
}

/** The messages of any failure, for screens that show them. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  return [error instanceof Error ? error.message : String(error)];
}
