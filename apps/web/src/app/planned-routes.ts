import { appPages } from '@piazza/contract/app-pages';

/**
 * Every route of SPEC §2 by group, the one list in packages/contract/src/app-pages.ts (the server checks banner
 * targets against it). A route here without its file under src/pages yet shows the shared
 * "not available yet" page, so the tab bar, the drawer and the home entries never lead to a dead end; an
 * address outside this list and the page files is "not found".
 */
export const plannedRoutes: Record<string, readonly string[]> = appPages;

export function plannedPaths(): string[] {
  return Object.entries(plannedRoutes).flatMap(([group, pages]) => pages.map((p) => `/pages/${group}/${p}`));
}
