import { BrowserRouter } from 'react-router-dom';
import { OfflineNotice } from '../components/offline-notice';
import { AppRoutes } from './router';

/** React Router v7's behaviour now, so the upgrade changes nothing. */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export function App() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <OfflineNotice />
      <AppRoutes />
    </BrowserRouter>
  );
}
