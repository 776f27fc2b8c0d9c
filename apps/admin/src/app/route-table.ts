import type { ComponentType } from 'react';

/*
 * The back office's routes come from its files, as the web app's pages do: a screen that has a URL is
 * `src/screens/{domain}/{name}.route.tsx` with a default export, and its name is its path below /admin —
 * dots are slashes and `$param` is a URL parameter: `users.route.tsx` is /users, `users.$id.route.tsx` is
 * /users/:id. The domain folder groups a screen with the forms and parts only it uses.
 */

export type ScreenModule = { default: ComponentType };

/** 'screens/kyc/kyc.$userId.route.tsx' (as import.meta.glob names it) → 'kyc/:userId'. */
export function screenPathOf(file: string): string {
  const name = file.replace(/^.*\//, '').replace(/\.route\.tsx$/, '');
  return name
    .split('.')
    .map((part) => (part.startsWith('$') ? `:${part.slice(1)}` : part))
    .join('/');
}

/** The routes of the given screen modules, by path, sorted so a reader of the table finds them. */
export function screenRoutes(
  modules: Record<string, ScreenModule>,
): { path: string; Screen: ComponentType }[] {
  return Object.entries(modules)
    .map(([file, module]) => ({ path: screenPathOf(file), Screen: module.default }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
