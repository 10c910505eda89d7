import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { SessionProfile, SignedIn } from '@shared/api/session';
import type { Role } from '@shared/roles';
import { ROUTER_FUTURE } from '@web/src/app/app';
import { AppRoutes } from '@web/src/app/router';
import { setRuntimeConfig } from '@web/src/lib/runtime-config';
import { sessionStore } from '@web/src/lib/session-store';

export const TEST_CONFIG = {
  apiBase: '/api/v1/webapp',
  frontendVersion: '1.1.33',
  backendVersion: '1.1.5',
  idleTimeoutMs: 900_000,
  humanVerification: { kind: 'local' as const },
};

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | 'no-answer';
type Responder = (call: RecordedCall) => Answer | undefined;

/**
 * A fake of the server for the web in jsdom: answers by method and path (under the API base or
 * absolute), records every call. Unknown calls get a 404.
 */
export function fakeServer() {
  const calls: RecordedCall[] = [];
  const responders: Array<{ method: string; path: string | RegExp; respond: Responder }> = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = String(input);
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const path = url.startsWith(TEST_CONFIG.apiBase) ? url.slice(TEST_CONFIG.apiBase.length) : url;
    const match = [...responders].reverse().find((r) => r.method === call.method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)));
    const answer = match?.respond(call) ?? { status: 404, body: { message: ['404 not found'] } };
    if (answer === 'no-answer') throw new TypeError('Failed to fetch');
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { status: answer.status, ok: answer.status >= 200 && answer.status < 300, text: async () => text, json: async () => answer.body };
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  const server = {
    calls,
    on(method: string, path: string | RegExp, respond: Responder | Answer) {
      responders.push({ method, path, respond: typeof respond === 'function' ? respond : () => respond });
      return server;
    },
    callsTo(method: string, path: string) {
      return calls.filter((c) => c.method === method && c.url === TEST_CONFIG.apiBase + path);
    },
  };
  server.on('POST', '/local/human-verification/token', { status: 200, body: { token: 'human-token' } });
  return server;
}

export function profileFor(role: Role, overrides: Partial<SessionProfile> = {}): SessionProfile {
  return {
    UserID: `user-${role}`,
    FirstName: `First${role}`,
    LastName: 'Tester',
    Email: `${role.toLowerCase()}@test.example`,
    Role: role,
    LastLoginAt: '2024-03-05T10:00:00.000Z',
    TwoFactorEnabled: false,
    ...overrides,
  };
}

export function signedInAnswer(role: Role, overrides: Partial<SessionProfile> = {}): SignedIn {
  return {
    status: 'pass',
    updatePassword: false,
    token: `token-${role}`,
    refreshToken: `refresh-${role}`,
    expiresIn: 3600,
    profile: profileFor(role, overrides),
  };
}

export function signInAs(role: Role, overrides: Partial<SessionProfile> = {}): void {
  sessionStore.signIn(signedInAnswer(role, overrides));
}

/** Shows the router's location, so a test can read where the app went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function currentPath(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** The whole web's routes at `path`, as the browser would show them. */
export function renderPortal(path = '/'): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** Fresh state for each test: the runtime config, no session, no storage. */
export function resetPortal(): void {
  setRuntimeConfig(TEST_CONFIG);
  sessionStorage.clear();
  sessionStore.reload();
}
