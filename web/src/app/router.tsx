import Spinner from '@cloudscape-design/components/spinner';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Footer } from '../components/footer';
import { NotFoundPage } from '../features/misc/not-found-page';
import { CreatePasswordPage } from '../features/session/create-password-page';
import { LoginPage } from '../features/session/login-page';
import { PasswordRecoveryPage } from '../features/session/password-recovery-page';
import { TwoFactorPage } from '../features/session/two-factor-page';
import { useSession } from '../lib/auth';
import { navigationLinks } from '../lib/navigation';
import { paths } from '../lib/paths';
import { HomeRedirect, RequireRole, RequireSession } from './guards';

/** One named export of a lazily loaded module as a component: each area is its own chunk, so /login stays small. */
function lazyScreen<M>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/** The signed-in portal's frame (top bar, navigation, TOTP dialog) is not needed to sign in. */
const AppShell = lazy(async () => ({ default: (await import('./shell/app-shell')).AppShell }));

const adminArea = () => import('../features/admin/screens');
const clinicalArea = () => import('../features/clinical/screens');

/** The screen behind each navigation link; its roles come from the links table. */
const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  [paths.serviceProviders]: lazyScreen(adminArea, 'ServiceProvidersScreen'),
  [paths.clinics]: lazyScreen(adminArea, 'ClinicsScreen'),
  [paths.devices]: lazyScreen(adminArea, 'DevicesScreen'),
  [paths.users]: lazyScreen(adminArea, 'UsersScreen'),
  [paths.settings]: lazyScreen(adminArea, 'SettingsScreen'),
  [paths.myProfile]: lazyScreen(adminArea, 'MyProfileScreen'),
  [paths.patients]: lazyScreen(clinicalArea, 'PatientsScreen'),
  [paths.addPatient]: lazyScreen(clinicalArea, 'AddPatientScreen'),
};

/** An unknown path: inside the portal for a signed-in user, on its own otherwise. */
function CatchAll() {
  if (useSession().signedIn) {
    return (
      <AppShell>
        <NotFoundPage />
      </AppShell>
    );
  }
  return (
    <>
      <NotFoundPage />
      <Footer />
    </>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner size="large" />}>
      <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route path={paths.twoFactor} element={<TwoFactorPage />} />
      <Route path={paths.createPassword} element={<CreatePasswordPage />} />
      <Route path={paths.passwordRecovery} element={<PasswordRecoveryPage />} />
      <Route
        element={
          <RequireSession>
            <AppShell />
          </RequireSession>
        }
      >
        <Route index element={<HomeRedirect />} />
        {navigationLinks.map(({ path, roles }) => {
          const Screen = screens[path]!;
          return (
            <Route
              key={path}
              path={path}
              element={
                <RequireRole roles={roles}>
                  <Screen />
                </RequireRole>
              }
            />
          );
        })}
      </Route>
      <Route path="*" element={<CatchAll />} />
      </Routes>
    </Suspense>
  );
}
