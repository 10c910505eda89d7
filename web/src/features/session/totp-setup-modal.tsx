import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@web/src/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useState } from 'react';
import { stripSpaces, totpVerifySchema, type TotpSetup } from '@shared/api/session';
import { dialogs } from '@shared/messages/dialogs';
import { sessionScreens } from '@shared/messages/session-screens';
import { twoFactorSetup } from '@shared/messages/two-factor-setup';
import { call, errorMessages } from '@web/src/lib/api-client';
import { useSession } from '@web/src/lib/auth';
import { sessionStore } from '@web/src/lib/session-store';
import { firstMessages } from './session-layout';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs, sessionScreens, twoFactorSetup };

const t = messages.twoFactorSetup;

/**
 * The otpauth URI as an SVG QR code in a data URL (no canvas, no network). The encoder is loaded
 * only when a set-up opens: /login never needs it.
 */
async function qrCodeDataUrl(otpauthUri: string): Promise<string> {
  // qrcode is CommonJS: import() hands its exports over as `default` (its named exports are not
  // seen by the bundle, which broke the set-up once: 'renderQrCode is not a function').
  const { default: qrcode } = await import('qrcode');
  const svg = await qrcode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Turning on TOTP from the user menu: the server's secret as a QR code and as text, then the first
 * code from the authenticator app; from then on sign-in asks for a code (the /2fa step).
 */
export function TotpSetupModal({ visible, onDismiss }: { visible: boolean; onDismiss: () => void }) {
  const profile = useSession().signedIn?.profile;
  const userId = profile?.UserID;
  const enabled = profile?.TwoFactorEnabled === true;
  const [setup, setSetup] = useState<TotpSetup & { qrCode: string }>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [justEnabled, setJustEnabled] = useState(false);

  useEffect(() => {
    if (!visible) {
      setSetup(undefined);
      setCode('');
      setCodeError(undefined);
      setFailure([]);
      setJustEnabled(false);
      return undefined;
    }
    if (!userId || enabled) return undefined;
    let cancelled = false;
    call('setupTotp', { params: { userId } })
      .then(async (answer) => ({ ...answer, qrCode: await qrCodeDataUrl(answer.otpauthUri) }))
      .then(
        (ready) => !cancelled && setSetup(ready),
        (error: unknown) => !cancelled && setFailure(errorMessages(error)),
      );
    return () => {
      cancelled = true;
    };
    // Only opening the dialog starts a setup; turning it on must not start another.
  }, [visible, userId]);

  const verify = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (!userId || busy) return;
    const parsed = totpVerifySchema.safeParse({ TwoFaCode: stripSpaces(code) });
    setCodeError(parsed.success ? undefined : firstMessages(parsed.error.issues).TwoFaCode);
    if (!parsed.success) return;
    setBusy(true);
    setFailure([]);
    try {
      // With the refresh token, this session's refreshes count as through the TOTP step too (administrators need it on every call).
      const refreshToken = sessionStore.get().signedIn?.refreshToken;
      await call('verifyTotp', { params: { userId }, body: { ...parsed.data, ...(refreshToken ? { refreshToken } : {}) } });
      if (profile) sessionStore.updateProfile({ ...profile, TwoFactorEnabled: true });
      setJustEnabled(true);
    } catch (error) {
      setFailure(errorMessages(error));
    } finally {
      setBusy(false);
    }
  };

  const showSetup = !enabled && !justEnabled;
  return (
    <Modal
      closeAriaLabel={messages.dialogs.close}
      visible={visible}
      onDismiss={onDismiss}
      header={t.title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onDismiss}>{messages.dialogs.close}</Button>
            {showSetup && (
              <Button variant="primary" formAction="none" loading={busy} disabled={!setup} onClick={verify} data-testid="totp-turn-on">
                {t.turnOn}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <div data-testid="totp-state">
          {enabled || justEnabled ? <Alert type="success">{t.enabled}</Alert> : <Box color="text-body-secondary">{t.disabled}</Box>}
        </div>
        {showSetup && !setup && failure.length === 0 && <Spinner size="large" />}
        {showSetup && setup && (
          <form onSubmit={verify} noValidate>
            <SpaceBetween size="m">
              <Box>{t.intro}</Box>
              <Box textAlign="center">
                <img src={setup.qrCode} alt={t.qrCodeAlt} width={200} height={200} data-testid="totp-qr-code" />
              </Box>
              <FormField label={t.secret}>
                <Box variant="code" data-testid="totp-secret">
                  {setup.secretCode}
                </Box>
              </FormField>
              <FormField label={messages.sessionScreens.authenticationCode} errorText={codeError} data-testid="totp-code-field">
                <Input value={code} onChange={({ detail }) => setCode(detail.value)} inputMode="numeric" autoComplete="one-time-code" />
              </FormField>
            </SpaceBetween>
          </form>
        )}
        {failure.length > 0 && (
          <Alert type="error">
            {failure.map((line, index) => (
              <div key={index}>{line}</div>
            ))}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
