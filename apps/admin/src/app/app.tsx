import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginScreen } from '../screens/session/login';
import { useToken } from '../shared/session';
import { Layout } from './layout';
import { NotFoundScreen } from './not-found';
import { NoticesView } from './notices-view';
import { type ScreenModule, screenRoutes } from './route-table';

/** Every screen with a URL, from its file (route-table.ts). */
const routes = screenRoutes(import.meta.glob<ScreenModule>('../screens/*/*.route.tsx', { eager: true }));

export function App() {
  const token = useToken();
  const queryClient = useQueryClient();
  // What one operator loaded is never shown to the next one who signs in on this browser.
  useEffect(() => {
    if (token === null) queryClient.clear();
  }, [token, queryClient]);

  return (
    <>
      <NoticesView />
      <Routes>
        <Route path="/login" element={token ? <Navigate to="/dashboard" replace /> : <LoginScreen />} />
        <Route element={token ? <Layout /> : <Navigate to="/login" replace />}>
          <Route index element={<Navigate to="/dashboard" replace />} />
          {routes.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </>
  );
}
