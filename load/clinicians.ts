/**
 * The load run's staff: each signs in through /signin (the local human verifier's token, a TOTP
 * code for administrators), then goes through a day's work on the HTTP API with a real token,
 * until the run ends. Every call is counted by route and outcome with its latency.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { totpCode } from '@infra/local/totp';
import { API_BASE } from '@shared/api/paths';
import { routes, type RouteId } from '@shared/api/routes';
import type { Role } from '@shared/roles';
import type { CallEvent, RunLog } from './events';
import { LOAD_PASSWORD, type LoadStaff, type LoadTenants } from './tenants';

/** A call that takes longer is given up and counted as a timeout. */
export const CALL_TIMEOUT_MS = 10_000;

interface Answer {
  status: number;
  body: unknown;
}

const ROLE_SUFFIX: Partial<Record<Role, string>> = { ClinicDirector: 'AsDirector', Doctor: 'AsDoctor', Nurse: 'AsNurse' };
const PATIENT_LIST: Partial<Record<Role, RouteId>> = {
  ClinicDirector: 'getAllClinicPatientsAsDirector',
  Doctor: 'getallpatientsAsDoctor',
  Nurse: 'getAllClinicPatientsAsNurse',
};

export class Clinician {
  private token?: string;
  private stopped = false;
  private signups = 0;

  constructor(
    readonly person: LoadStaff,
    private readonly origin: string,
    private readonly tenants: LoadTenants,
    private readonly run: RunLog,
    private readonly random: () => number,
  ) {}

  /** One call, timed and counted. `expected` lists the 4xx statuses this call is meant to get. */
  private async call(
    routeId: RouteId | 'humanToken',
    path: string,
    options: { method?: string; body?: unknown; token?: string; expected?: number[] } = {},
  ): Promise<Answer | undefined> {
    const route = routeId === 'humanToken' ? undefined : routes[routeId];
    const method = options.method ?? route?.method ?? 'GET';
    const kind: CallEvent['kind'] =
      routeId === 'signIn' || routeId === 'signInTwoFactor' || routeId === 'humanToken' ? 'sign-in' : method === 'GET' ? 'read' : 'write';
    const t = this.run.now();
    const started = performance.now();
    const label = route ? `${route.method} ${route.path}` : 'POST /local/human-verification/token';
    const record = (status: number, outcome: CallEvent['outcome']) => {
      this.run.calls.push({ t, route: label, kind, status, outcome, ms: performance.now() - started });
      // The human check's token touches no part that fails: only /signin itself counts as a sign-in back.
      if (outcome === '2xx' && routeId !== 'humanToken') this.run.success(kind);
    };
    try {
      const response = await fetch(`${this.origin}${route ? API_BASE : ''}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...((options.token ?? this.token) && { authorization: `Bearer ${options.token ?? this.token}` }) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = await response.text();
      const status = response.status;
      const outcome: CallEvent['outcome'] =
        status < 300
          ? '2xx'
          : status === 503 && (this.run.inFault(t) || this.run.inFault(this.run.now()))
            ? '503 during fault'
            : status >= 500
              ? '5xx'
              : options.expected?.includes(status)
                ? '4xx expected'
                : '4xx unexpected';
      record(status, outcome);
      // The web waits before trying again after a 503 (its Retry-After); so does a person.
      if (status === 503) await sleep(1000);
      if (outcome === '5xx' || outcome === '4xx unexpected') this.run.oddities.push(`${label} ${status} ${text.slice(0, 200)}`);
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      return { status, body };
    } catch (error) {
      record(0, (error as Error).name === 'TimeoutError' ? 'timeout' : '5xx');
      if ((error as Error).name !== 'TimeoutError') this.run.oddities.push(`${label}: ${(error as Error).message}`);
      return undefined;
    }
  }

  private path(routeId: RouteId, ids: { patientId?: string } = {}): string {
    return routes[routeId].path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'patientId' ? ids.patientId! : this.person.userId));
  }

  /** Signs in as the web does; true once a session token is held. */
  async signIn(): Promise<boolean> {
    const human = await this.call('humanToken', '/local/human-verification/token', { method: 'POST' });
    const reCaptchaToken = (human?.body as { token?: string } | undefined)?.token;
    if (!reCaptchaToken) return false;
    const first = await this.call('signIn', '/signin', { body: { Email: this.person.email, Password: LOAD_PASSWORD, reCaptchaToken }, token: '' });
    const answer = first?.body as { status?: string; token?: string } | undefined;
    if (first?.status !== 200 || !answer?.token) return false;
    if (answer.status === '2fa' && this.person.totpSecret) {
      const second = await this.call('signInTwoFactor', '/signin/2fa', { body: { TwoFaCode: totpCode(this.person.totpSecret) }, token: answer.token });
      const token = (second?.body as { token?: string } | undefined)?.token;
      if (second?.status !== 200 || !token) return false;
      this.token = token;
      return true;
    }
    this.token = answer.token;
    return answer.status === 'pass';
  }

  /** Works until `stop`: signs in (again after a failure), then the role's day over and over. */
  async work(): Promise<void> {
    while (!this.stopped) {
      if (!this.token && !(await this.signIn())) {
        await sleep(1000);
        continue;
      }
      await this.day();
      await sleep(200 + this.random() * 600);
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private route(name: string): RouteId {
    return `${name}${ROLE_SUFFIX[this.person.role] ?? ''}` as RouteId;
  }

  private async day(): Promise<void> {
    const role = this.person.role;
    const adminId = this.person.userId;
    if (role === 'ClinicAdmin') {
      await this.call('getAllUsersForMyClinic', this.path('getAllUsersForMyClinic'));
      await this.call('getMyClinic', this.path('getMyClinic'));
      return;
    }
    if (role === 'ServiceProviderAdmin') {
      await this.call('getAllUsersForSP', this.path('getAllUsersForSP'));
      await this.call('getAllClinicsOfProvider', this.path('getAllClinicsOfProvider'));
      return;
    }
    if (role === 'LiberDiAdmin') {
      await this.call('getAllUsers', this.path('getAllUsers'));
      await this.call('getAllDevices', this.path('getAllDevices'));
      const device = this.pick(this.tenants.devices);
      await this.call('getDeviceDeadLetters', routes.getDeviceDeadLetters.path.replace('{adminId}', adminId).replace('{id}', device.deviceId));
      return;
    }
    const list = PATIENT_LIST[role];
    if (!list) return;
    await this.call(list, this.path(list));
    const clinicId = this.person.clinic.clinicId;
    const patientId = this.pick(this.tenants.patientsByClinic.get(clinicId) ?? []);
    if (!patientId) return;
    await this.call(this.route('getPatientProfile'), this.path(this.route('getPatientProfile'), { patientId }));
    const exchanges = await this.call(this.route('getExchanges'), this.path(this.route('getExchanges'), { patientId }));
    await this.call(this.route('getVisits'), this.path(this.route('getVisits'), { patientId }));
    await this.call(this.route('getPrescription'), this.path(this.route('getPrescription'), { patientId }));
    const newest = (exchanges?.body as { exchanges?: Array<{ _id: string }> } | undefined)?.exchanges?.[0]?._id;
    if (newest && this.random() < 0.4) {
      await this.call(this.route('saveExchangeNote'), this.path(this.route('saveExchangeNote'), { patientId }), {
        body: { Exchange_id: newest, Note: `Checked at ${new Date().toISOString()}` },
      });
    }
    if (this.random() < 0.25) await this.call(this.route('clearAlerts'), this.path(this.route('clearAlerts'), { patientId }), { body: { _id: patientId } });
    if (role !== 'Nurse' && this.random() < 0.15) {
      const serialNumber = this.tenants.devices.find((device) => device.patientId === patientId)?.serialNumber;
      await this.call(this.route('addPrescription'), this.path(this.route('addPrescription'), { patientId }), {
        body: {
          Exchanges: [{ ExchangeFluid: 'DIAneal 2.27%', ExchangeLiter: 2, ExchangeDaysFrequency: ['MO', 'WE', 'FR'], ExchangeTime: ['08:00', '20:00'] }],
          DrainTime: 20,
          FillTime: 10,
          MinFillTemp: 36,
          MaxFillTemp: 38,
          SerialNumber: serialNumber,
          patientTimeZone: 'UTC',
        },
        // Two staff saving one patient's prescription at once: the later is refused, on purpose.
        expected: [409],
      });
    }
    if (this.random() < 0.1) await this.call(this.route('getPatientFhir'), this.path(this.route('getPatientFhir'), { patientId }));
    if (this.random() < 0.06) await this.signupPatient();
    if (this.random() < 0.08) {
      // Another clinic's patient: the portal must refuse it (403 or 404), which is expected.
      const foreign = [...this.tenants.patientsByClinic.entries()].find(([other]) => other !== clinicId)?.[1][0];
      if (foreign)
        await this.call(this.route('getPatientProfile'), this.path(this.route('getPatientProfile'), { patientId: foreign }), { expected: [403, 404] });
    }
  }

  private async signupPatient(): Promise<void> {
    this.signups += 1;
    const route = this.route('signupPatient');
    await this.call(route, this.path(route), {
      body: {
        FirstName: 'Load',
        LastName: `Walk-in ${this.signups}`,
        DOB: '1968-04-02',
        Gender: 'Female',
        Hispanic: false,
        SocialId: String(Math.floor(100_000_000 + this.random() * 800_000_000)),
        Address: { Country: 'Israel', City: 'Haifa', Street: '7 Load St' },
        Phone: '+972 4 555 0199',
        Cellphone: '+972 54 555 0199',
        Email: `walk-in-${this.signups}-${this.person.userId.slice(0, 6)}@patient.example`,
        ReferringPhysician: 'Dr. Ruth Amsalem',
        ReferringPhysician_Phone: '+972 4 555 0100',
        DialysisStart: '2025-01-10',
        PeritonealDialysisStart: '2025-02-01',
        Weight: 68,
        TargetWeight: 66,
        BloodPressure: '125/80',
        Pulse: 72,
        UrineOutput_CC: 600,
        GFR: 8,
        DoctorID: this.tenants.doctorByClinic.get(this.person.clinic.clinicId)!,
      },
    });
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** A write as a fault's probe (clearing a patient's alerts, which may be done any time): true when it worked. */
  async probeWrite(): Promise<boolean> {
    const patientId = this.pick(this.tenants.patientsByClinic.get(this.person.clinic.clinicId) ?? []);
    if (!this.token || !patientId) return false;
    const answer = await this.call(this.route('clearAlerts'), this.path(this.route('clearAlerts'), { patientId }), { body: { _id: patientId } });
    return answer?.status === 200;
  }

  /** A sign-in from scratch, as a fault's probe: true when it worked. */
  async probeSignIn(): Promise<boolean> {
    const previous = this.token;
    const ok = await this.signIn();
    if (!ok) this.token = previous;
    return ok;
  }
}
