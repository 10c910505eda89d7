import AppLayout from '@cloudscape-design/components/app-layout';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import Spinner from '@cloudscape-design/components/spinner';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { navigation } from '@shared/messages/navigation';
import { sessionScreens } from '@shared/messages/session-screens';
import { LANGUAGES } from '@shared/language';
import { shell } from '@shared/messages/shell';
import { AboutDialog } from '@web/src/components/about-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { Footer } from '@web/src/components/footer';
import { TotpSetupModal } from '@web/src/features/session/totp-setup-modal';
import { call, errorMessages } from '@web/src/lib/api-client';
import { reloadProfile, signOut, useProactiveRefresh, useSession } from '@web/src/lib/auth';
import { HOME, paths } from '@web/src/config/routes';
import { LiveNotices } from '@web/src/lib/live';
import { activeLinkOf, canOpen, isAdminRole, linksFor } from '@web/src/lib/navigation';
import { currentLanguage, switchLanguage, type Language } from '@web/src/lib/language';
import { runtimeConfig } from '@web/src/lib/runtime-config';
import { sessionStore } from '@web/src/lib/session-store';
import { useIdleTimer } from '@web/src/lib/use-idle-timer';
import { AppProvider } from '../provider';
import { LOGO_DATA_URL } from './logo';
import { TopBarStatus } from './top-bar-status';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { navigation, sessionScreens, shell };

const m = messages.shell;
const productName = messages.sessionScreens.productName;

/**
 * The signed-in portal: the top bar (logo, counts for administrators, last login, ABOUT, the user
 * menu, Log Out), the role's navigation, the screen, and the footer. It also signs the user out
 * after the idle time and keeps the session's token fresh.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const signedIn = useSession().signedIn;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [aboutOpen, setAboutOpen] = useState(false);
  const [totpOpen, setTotpOpen] = useState(false);
  const [errors, setErrors] = useState<string[]>();
  const userId = signedIn?.profile.UserID;

  useProactiveRefresh();

  // The counts and the TOTP state as they are now, not as they were at sign-in.
  useEffect(() => {
    if (userId) reloadProfile().catch(() => undefined);
  }, [userId]);

  // The profile's language (the user's choice, else the clinic's default) wins over this browser's.
  const profileLanguage = signedIn?.profile.Language;
  useEffect(() => {
    if (profileLanguage) switchLanguage(profileLanguage);
  }, [profileLanguage]);

  const chooseLanguage = useCallback(
    async (language: Language) => {
      if (!userId) return;
      try {
        const { Language } = await call('chooseLanguage', { params: { userId }, body: { Language: language } });
        // The kept profile says so (the effect above then switches), or the reloaded shell would switch back.
        const profile = sessionStore.get().signedIn?.profile;
        if (profile) sessionStore.updateProfile({ ...profile, Language });
      } catch (error) {
        setErrors(errorMessages(error));
      }
    },
    [userId],
  );

  const logOut = useCallback(async () => {
    try {
      await signOut();
      navigate(paths.login(), { replace: true });
    } catch (error) {
      setErrors(errorMessages(error));
    }
  }, [navigate]);

  useIdleTimer(
    runtimeConfig().idleTimeoutMs,
    () => {
      void signOut({ force: true }).then(() => navigate(paths.login(), { replace: true }));
    },
    !!signedIn,
  );

  if (!signedIn) return null;
  const { profile } = signedIn;
  const links = linksFor(profile.Role);
  const admin = isAdminRole(profile.Role);
  const activeHref = activeLinkOf(links, pathname);

  return (
    <AppProvider>
      <LiveNotices />
      <div id="top-navigation" style={{ position: 'sticky', top: 0, zIndex: 1002 }} data-testid="top-bar">
        <TopNavigation
          identity={{
            href: HOME,
            title: productName,
            logo: { src: LOGO_DATA_URL, alt: productName },
            onFollow: (event) => {
              event.preventDefault();
              navigate(HOME);
            },
          }}
          utilities={[
            { type: 'button', text: m.about, onClick: () => setAboutOpen(true) },
            {
              type: 'menu-dropdown',
              text: profile.FirstName,
              iconName: 'user-profile',
              items: [
                { id: 'two-factor', text: m.twoFactorMenuItem },
                ...(canOpen(profile.Role, paths.history()) ? [{ id: 'history', text: messages.navigation.history }] : []),
                {
                  id: 'language',
                  text: m.language,
                  items: LANGUAGES.map((language) => ({
                    id: `language-${language}`,
                    text: m.languageNames[language],
                    lang: language,
                    disabled: language === currentLanguage(),
                    iconName: language === currentLanguage() ? ('check' as const) : undefined,
                  })),
                },
              ],
              onItemClick: ({ detail }) => {
                if (detail.id === 'two-factor') setTotpOpen(true);
                if (detail.id === 'history') navigate(paths.history());
                const language = LANGUAGES.find((candidate) => detail.id === `language-${candidate}`);
                if (language) void chooseLanguage(language);
              },
            },
            { type: 'button', text: m.logOut, iconName: 'unlocked', onClick: () => void logOut() },
          ]}
          i18nStrings={{ overflowMenuTriggerText: m.overflowMenu.trigger, overflowMenuTitleText: m.overflowMenu.title }}
        />
        <TopBarStatus profile={profile} signedInAt={signedIn.signedInAt} />
      </div>
      <AppLayout
        headerSelector="#top-navigation"
        footerSelector="#app-footer"
        toolsHide
        ariaLabels={m.layoutLabels}
        navigation={
          <div data-testid="navigation" data-area={admin ? 'admin' : 'clinical'}>
            <SideNavigation
              header={{ text: admin ? m.adminNavigation : m.clinicalNavigation, href: HOME }}
              activeHref={activeHref}
              items={links.map((link) => ({ type: 'link', text: link.label, href: link.path }))}
              onFollow={(event) => {
                event.preventDefault();
                navigate(event.detail.href);
              }}
            />
          </div>
        }
        content={<Suspense fallback={<Spinner size="large" />}>{children ?? <Outlet />}</Suspense>}
      />
      <div id="app-footer">
        <Footer />
      </div>
      <AboutDialog visible={aboutOpen} onClose={() => setAboutOpen(false)} />
      <TotpSetupModal visible={totpOpen} onDismiss={() => setTotpOpen(false)} />
      <ErrorDialog messages={errors} onClose={() => setErrors(undefined)} />
    </AppProvider>
  );
}
