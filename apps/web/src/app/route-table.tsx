import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../shared/navigation/paths';
import { LazyPage, type PageLoader, type PageModule, pageLoader } from './lazy-page';
import { plannedPaths } from './planned-routes';
import { routePathOf } from './route-path';

/**
 * The page files: src/pages/{group}/{page}.tsx is the route /pages/{group}/{page} (DESIGN §12). Each is a chunk
 * of its own, fetched on first visit, on intent (prefetchRoute) or, for the page the app opens on, at start
 * (decision 068); the first download holds only the shell.
 */
const pageFiles = import.meta.glob<PageModule>('../pages/*/*.tsx');

// The shared "not available yet" and "not found" pages are chunks too: few visits ever see them.
const notAvailable = pageLoader(() =>
  import('./not-available-page').then((m) => ({ default: m.NotAvailablePage })),
);
const notFound = pageLoader(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

const pageLoaders = new Map<string, PageLoader>(
  Object.entries(pageFiles).map(([file, load]) => [routePathOf(file), pageLoader(load)]),
);

/** The app's routes, built from the page files; `/` is the start page, which enters the home tab. */
export function buildRoutes(): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const [path, load] of pageLoaders) routes.push({ path, element: <LazyPage key={path} load={load} /> });
  for (const path of plannedPaths()) {
    if (!pageLoaders.has(path)) routes.push({ path, element: <LazyPage key={path} load={notAvailable} /> });
  }
  // `/` does what /pages/common/start does, without fetching that page's chunk first: enter the home tab.
  routes.push({ index: true, element: <Navigate to={paths.home} replace /> });
  routes.push({ path: '*', element: <LazyPage key="*" load={notFound} /> });
  return routes;
}

/**
 * Starts fetching the chunk of the page at `pathname` (nothing for an address that is no page file); a failure
 * is left to the visit, which shows it with a retry.
 */
export function prefetchRoute(pathname: string): void {
  const load = pageLoaders.get(pathname === '/' ? paths.home : pathname);
  load?.().catch(() => undefined);
}
