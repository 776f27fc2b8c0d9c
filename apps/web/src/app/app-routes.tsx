import { useEffect } from 'react';
import { useNavigate, useRoutes } from 'react-router-dom';
import { setNavigator } from '../shared/navigation/navigator';
import { AppShell } from './app-shell';
import { buildRoutes } from './route-table';

const routes = [{ path: '/', element: <AppShell />, children: buildRoutes() }];

/** The route tree, and the navigator that code outside components uses (the request wrapper, sign-out). */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
  }, [navigate]);
  return useRoutes(routes);
}
