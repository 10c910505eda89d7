import Spinner from '@cloudscape-design/components/spinner';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Footer } from '../components/footer';
import { routes, type ScreenRoute, type ScreenId } from '../config/routes';
import { NotFoundPage } from '../features/misc/not-found/not-found-page';
import { useSession } from '../lib/auth';
import { RegisterServiceWorkerWhenShown } from '../lib/service-worker';
import { HomeRedirect, RequireRole, RequireSession } from './guards';
import { preloadable } from './preloadable';
import { screens } from './screens';

/** The signed-in portal's frame (top bar, navigation, TOTP dialog) is not needed to sign in. */
export const AppShell = preloadable(
  () => import('./shell/app-shell'),
  (module) => module.AppShell,
);

const table = Object.entries(routes) as Array<[ScreenId, ScreenRoute]>;
const openScreens = table.filter(([, route]) => route.access === 'open');
const guardedScreens = table.flatMap(([id, route]) => (route.access === 'open' ? [] : [{ id, path: route.path, roles: route.access }]));

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

/** Every route of `config/routes.ts`: the open ones alone, the others in the shell behind the session and role guards. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner size="large" />}>
      <RegisterServiceWorkerWhenShown />
      <Routes>
        {openScreens.map(([id, route]) => {
          const Screen = screens[id];
          return <Route key={id} path={route.path} element={<Screen />} />;
        })}
        <Route
          element={
            <RequireSession>
              <AppShell />
            </RequireSession>
          }
        >
          <Route index element={<HomeRedirect />} />
          {guardedScreens.map(({ id, path, roles }) => {
            const Screen = screens[id];
            return (
              <Route
                key={id}
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
