/**
 * The link an escalation notice carries: the patient's screen (the web's `/patient/exchanges`,
 * guarded by sign-in like every clinical screen) with `notice=1`, which makes the screen
 * acknowledge the patient's notified alerts once it opened. Nothing else of the patient is in it.
 */
export const NOTICE_PARAM = 'notice';
export const NOTICE_SCREEN_PATH = '/patient/exchanges';

export function noticeLink(portalUrl: string, patientId: string): string {
  const url = new URL(NOTICE_SCREEN_PATH, portalUrl);
  url.searchParams.set('patientId', patientId);
  url.searchParams.set(NOTICE_PARAM, '1');
  return url.toString();
}
