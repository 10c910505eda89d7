/**
 * The API as the web calls it: sign-in through `/signin` with the local human verifier's token,
 * then bearer-token calls on the routes of the shared route table. Routes the benchmark wants
 * but the table does not have yet are found by their spec path once they are added.
 */
import http from 'node:http';
import { API_BASE } from '../shared/api/paths';
import { routes, type RouteDefinition, type RouteId } from '../shared/api/routes';
import type { Role } from '../shared/roles';

export interface FoundRoute {
  id: string;
  route: RouteDefinition;
}

const table = routes as Record<string, RouteDefinition>;

/**
 * A route by id (`--<what>-route <id>` on the command line), else the first GET whose path
 * matches `pattern` (the spec's path, under whatever role prefix the table gives it).
 */
export function findRoute(override: string | undefined, pattern: RegExp): FoundRoute | undefined {
  if (override) {
    const route = table[override];
    if (!route) throw new Error(`No route ${override} in the route table (shared/api/routes/) (routes: ${Object.keys(table).join(', ')})`);
    return { id: override, route };
  }
  const entry = Object.entries(table).find(([, route]) => route.method === 'GET' && pattern.test(route.path));
  return entry && { id: entry[0], route: entry[1] };
}

export const routeLabel = (found: FoundRoute) => `${found.route.method} ${found.route.path}`;
export const routeById = (id: RouteId): FoundRoute => ({ id, route: routes[id] });

/** The staff role the benchmark calls a route as: a doctor where allowed, else director, else nurse, else the route's first role. */
export function callerRoleFor(route: RouteDefinition): Role {
  if (route.token !== 'session') return 'Doctor';
  for (const role of ['Doctor', 'ClinicDirector', 'Nurse'] as const) if (route.roles.includes(role)) return role;
  return route.roles[0]!;
}

/** The route's path with its parameters filled: the caller's own id for `self` and ids of people, the patient's and clinic's ids by name. */
export function fillPath(route: RouteDefinition, ids: { callerId: string; patientId?: string; clinicId?: string }): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (route.token === 'session' && name === route.self) return ids.callerId;
    if (/patient/i.test(name) && ids.patientId) return ids.patientId;
    if (/clinic/i.test(name) && ids.clinicId) return ids.clinicId;
    return ids.callerId;
  });
}

export class ApiClient {
  constructor(readonly origin: string) {}

  async signIn(email: string, password: string): Promise<string> {
    const verification = await fetch(`${this.origin}/local/human-verification/token`, { method: 'POST' });
    const { token: reCaptchaToken } = (await verification.json()) as { token: string };
    const response = await fetch(`${this.origin}${API_BASE}/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: email, Password: password, reCaptchaToken }),
    });
    const body = (await response.json()) as { token?: string; status?: string; updatePassword?: boolean };
    if (!response.ok || body.status !== 'pass' || body.updatePassword || !body.token) {
      throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    return body.token;
  }

  /**
   * A GET with the session token; throws unless 2xx. Returns the parsed body. The answer comes
   * uncompressed unless `encoding` asks otherwise: the raw floors it is judged against compress
   * nothing, and what compression costs and saves has rows of its own.
   */
  async get(path: string, token: string, encoding: Encoding = 'identity'): Promise<unknown> {
    const response = await fetch(`${this.origin}${API_BASE}${path}`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': encoding },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 200)}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  /** The bytes a GET's answer takes on the wire with `encoding` accepted (fetch would hide them, decoding). */
  wireBytes(path: string, token: string, encoding: Encoding): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        `${this.origin}${API_BASE}${path}`,
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${path}: ${response.statusCode}`))));
        },
      );
      request.on('error', reject);
    });
  }
}

/** What a client accepts: nothing compressed, or what a browser accepts. */
export type Encoding = 'identity' | 'gzip, deflate, br';

/** How many list items an answer carries: the first array found, breadth first (e.g. `exchanges`, `data.visits`, or the body itself). */
export function itemCount(body: unknown): number {
  const queue: unknown[] = [body];
  while (queue.length) {
    const next = queue.shift();
    if (Array.isArray(next)) return next.length;
    if (next && typeof next === 'object') queue.push(...Object.values(next));
  }
  return 0;
}
