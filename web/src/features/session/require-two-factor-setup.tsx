import Box from '@cloudscape-design/components/box';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { twoFactorSetup } from '@shared/messages/two-factor-setup';
import { signOut, useSession } from '@web/src/lib/auth';
import { SessionLayout } from './session-layout';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { twoFactorSetup };

/** Loaded when someone must set up two-factor sign-in: /login and most sessions never need the dialog (docs/web.md, "What /login loads"). */
const TotpSetupModal = lazy(() => import('./totp-setup-modal').then((module) => ({ default: module.TotpSetupModal })));

/** Whether the signed-in user must set up two-factor sign-in before reaching any screen (the sign-in answer says so). */
export function useTwoFactorSetupRequired(): boolean {
  const signedIn = useSession().signedIn;
  return signedIn?.totpSetupRequired === true && signedIn.profile.TwoFactorEnabled !== true;
}

/**
 * Shows the TOTP set-up before anything else to a user whose role must use two-factor sign-in
 * (LiberDiAdmin, ServiceProviderAdmin) and has not set it up; the server refuses their other calls
 * meanwhile. Once it is on, closing the dialog goes on to the screens; closing it before signs out.
 */
export function RequireTwoFactorSetup({ children }: { children: ReactNode }) {
  const required = useTwoFactorSetupRequired();
  const [settingUp, setSettingUp] = useState(required);
  useEffect(() => {
    if (required) setSettingUp(true);
  }, [required]);

  if (!required && !settingUp) return <>{children}</>;
  const close = () => (required ? void signOut({ force: true }) : setSettingUp(false));
  return (
    <SessionLayout>
      <div data-testid="two-factor-required">
        <Box textAlign="center">{messages.twoFactorSetup.required}</Box>
      </div>
      <Suspense fallback={null}>
        <TotpSetupModal visible onDismiss={close} />
      </Suspense>
    </SessionLayout>
  );
}
