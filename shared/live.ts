import { z } from 'zod';
import type { Role } from './roles';

/**
 * Live screens: when the ingest stores a device's exchange, error or prescription
 * acknowledgement, it publishes a change notice on the tenant's topic, and the open screens of
 * that tenant read their data again. A notice carries ids only, never patient data: a browser
 * that receives it reads what changed through the API, which checks who may read it.
 */
export const LIVE_TOPIC_ROOT = 'portal/notices';

/** The segment of a device that belongs to no provider or no clinic (yet). */
export const NO_TENANT = 'none';

/** What was stored: an exchange, a device error, or a prescription acknowledgement. */
export const changeNoticeKinds = ['exchange', 'error', 'ack'] as const;

export const changeNoticeSchema = z
  .object({
    kind: z.enum(changeNoticeKinds),
    DeviceID: z.string().min(1).max(64),
    PatientID: z.string().min(1).max(64).optional(),
    ClinicID: z.string().min(1).max(64).optional(),
    ServiceProviderID: z.string().min(1).max(64).optional(),
  })
  .strict();
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;

/** MQTT topic levels may not hold `/`, `+` or `#`; ids never do, but a topic must not be widened by one. */
const segment = (id: string | undefined) => (id && !/[/+#]/.test(id) ? id : NO_TENANT);

/**
 * The one topic a notice is published on: `portal/notices/provider/<spId>/clinic/<clinicId>`, so
 * one publish reaches the clinic's staff and administrator (that exact topic), the provider's
 * administrators (`…/provider/<spId>/#`) and LiberDiAdmin (`portal/notices/#`).
 */
export function changeNoticeTopic(notice: Pick<ChangeNotice, 'ClinicID' | 'ServiceProviderID'>): string {
  return `${LIVE_TOPIC_ROOT}/provider/${segment(notice.ServiceProviderID)}/clinic/${segment(notice.ClinicID)}`;
}

/** Who is subscribing: the role and the tenant of the user record (not of the token). */
export interface LiveSubscriber {
  Role: Role;
  ClinicID?: string;
  ServiceProviderID?: string;
}

/**
 * The one topic filter a signed-in user may subscribe to, or undefined for none: clinic staff and
 * the ClinicAdmin their clinic's topic, a ServiceProviderAdmin their provider's topics, LiberDiAdmin
 * every notice (its /devices list and a clinic's devices tab show every device). The web, the local
 * broker and the AWS grant all read it here.
 */
export function liveTopicFilterFor(subscriber: LiveSubscriber): string | undefined {
  const { Role, ClinicID, ServiceProviderID } = subscriber;
  const valid = (id: string | undefined): id is string => !!id && !/[/+#]/.test(id);
  switch (Role) {
    case 'LiberDiAdmin':
      return `${LIVE_TOPIC_ROOT}/#`;
    case 'ServiceProviderAdmin':
      return valid(ServiceProviderID) ? `${LIVE_TOPIC_ROOT}/provider/${ServiceProviderID}/#` : undefined;
    default:
      return valid(ServiceProviderID) && valid(ClinicID) ? changeNoticeTopic({ ServiceProviderID, ClinicID }) : undefined;
  }
}

/** Whether `topic` is within `filter` (MQTT 3.1.1 section 4.7: `+` one level, a trailing `#` the level above and every one below). */
export function topicMatches(filter: string, topic: string): boolean {
  const filterLevels = filter.split('/');
  const topicLevels = topic.split('/');
  for (let index = 0; index < filterLevels.length; index += 1) {
    const level = filterLevels[index];
    if (level === '#') return index === filterLevels.length - 1 && topicLevels.length >= index;
    if (index >= topicLevels.length) return false;
    if (level !== '+' && level !== topicLevels[index]) return false;
  }
  return filterLevels.length === topicLevels.length;
}

/** Whether a subscription `requested` asks for nothing beyond `granted` (both topic filters). */
export function filterWithin(granted: string, requested: string): boolean {
  if (requested === granted) return true;
  if (/[+#]/.test(requested)) {
    // A wildcard asks for more than any narrower grant: only a `#` grant above it may cover it.
    if (!granted.endsWith('/#')) return false;
    const prefix = granted.slice(0, -1);
    return requested.startsWith(prefix) && !requested.slice(0, prefix.length).includes('+');
  }
  return topicMatches(granted, requested);
}

/**
 * The live grant's request: on AWS the session's Cognito ID token, which the identity pool takes
 * for credentials, so the grant can find that identity and attach its tenant's IoT policy to it.
 */
export const liveGrantRequestSchema = z.object({ idToken: z.string().min(1).max(8192).optional() }).strict();

/** What a signed-in user may listen to: the one topic filter (absent: nothing, e.g. a user of no clinic). */
export const liveGrantSchema = z.object({ topicFilter: z.string().optional() }).strict();
export type LiveGrant = z.infer<typeof liveGrantSchema>;
