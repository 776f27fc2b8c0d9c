/*
 * Navigation for code outside React components (the request wrapper, sign-out). The router registers itself
 * at start; until then a full page load does the job.
 */

export interface NavigateOptions {
  replace?: boolean;
}

type Navigate = (to: string, opts?: NavigateOptions) => void;

let navigateImpl: Navigate = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, opts?: NavigateOptions): void {
  navigateImpl(to, opts);
}
