import { session } from '@shared/messages/session';
import { runtimeConfig, type HumanVerificationConfig } from './runtime-config';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { session };

const m = messages.session;

/** A failed bot check, in the spec's words ('Blocked By ReCAPTCHA', 'ReCAPTCHA Expired, ...', 'ReCAPTCHA Error'). */
export class HumanVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HumanVerificationError';
  }
}

interface ReCaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, parameters: Record<string, unknown>): number;
  execute(widgetId: number): void;
  reset(widgetId: number): void;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

/** The local verifier: the local server hands out a signed token, as reCAPTCHA would after its check. */
async function localToken(): Promise<string | undefined> {
  const response = await fetch('/local/human-verification/token', { method: 'POST' });
  if (!response.ok) throw new HumanVerificationError(m.captchaError);
  const { token } = (await response.json()) as { token?: string };
  return token;
}

let recaptchaScript: Promise<ReCaptcha> | undefined;

function loadRecaptcha(): Promise<ReCaptcha> {
  recaptchaScript ??= new Promise<ReCaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    script.async = true;
    script.onload = () => (window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha!)) : reject(new HumanVerificationError(m.captchaError)));
    script.onerror = () => {
      recaptchaScript = undefined;
      reject(new HumanVerificationError(m.captchaError));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
}

interface Widget {
  id: number;
  pending?: { resolve: (token: string) => void; reject: (error: Error) => void };
}

let widget: Widget | undefined;

/** Google's invisible reCAPTCHA (v2): one widget, executed per check, its answer through callbacks. */
async function recaptchaToken(siteKey: string): Promise<string | undefined> {
  const grecaptcha = await loadRecaptcha();
  if (!widget) {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const state: Widget = { id: -1 };
    state.id = grecaptcha.render(container, {
      sitekey: siteKey,
      size: 'invisible',
      callback: (token: string) => state.pending?.resolve(token),
      'expired-callback': () => state.pending?.reject(new HumanVerificationError(m.captchaExpired)),
      'error-callback': () => state.pending?.reject(new HumanVerificationError(m.captchaError)),
    });
    widget = state;
  }
  const current = widget;
  try {
    return await new Promise<string>((resolve, reject) => {
      current.pending = { resolve, reject };
      grecaptcha.reset(current.id);
      grecaptcha.execute(current.id);
    });
  } finally {
    current.pending = undefined;
  }
}

/**
 * Runs the invisible human-verification check and answers its token, which the server verifies.
 * Never skipped: without a token it throws 'Blocked By ReCAPTCHA'.
 */
export async function getHumanVerificationToken(config: HumanVerificationConfig = runtimeConfig().humanVerification): Promise<string> {
  let token: string | undefined;
  try {
    token = config.kind === 'recaptcha' ? await recaptchaToken(config.siteKey) : await localToken();
  } catch (error) {
    if (error instanceof HumanVerificationError) throw error;
    throw new HumanVerificationError(m.captchaError);
  }
  if (!token) throw new HumanVerificationError(m.captchaBlocked);
  return token;
}
