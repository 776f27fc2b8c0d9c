import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../shared/navigation/paths';
import { LazyPage, type PageLoader, type PageModule } from './lazy-page';
import { NotAvailablePage } from './not-available-page';
import { NotFoundPage } from './not-found-page';
import { plannedPaths } from './planned-routes';
import { routePathOf } from './route-path';

/** The page files: src/pages/{group}/{page}.tsx is the route /pages/{group}/{page} (DESIGN §12). */
const pageFiles = import.meta.glob<PageModule>('../pages/*/*.tsx');

/** The app's routes, built from the page files; `/` is the start page, which enters the home tab. */
export function buildRoutes(): RouteObject[] {
  const built = new Map<string, PageLoader>();
  for (const [file, load] of Object.entries(pageFiles)) built.set(routePathOf(file), load);

  const routes: RouteObject[] = [];
  for (const [path, load] of built) routes.push({ path, element: <LazyPage key={path} load={load} /> });
  for (const path of plannedPaths()) {
    if (!built.has(path)) routes.push({ path, element: <NotAvailablePage /> });
  }
  // `/` does what /pages/common/start does, without fetching that page's chunk first: enter the home tab.
  routes.push({ index: true, element: <Navigate to={paths.home} replace /> });
  routes.push({ path: '*', element: <NotFoundPage /> });
  return routes;
}
