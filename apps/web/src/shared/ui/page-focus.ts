/*
 * Focus after a page change (WCAG 2.4.3): a screen reader or keyboard user whose link was replaced by the new
 * page would otherwise be left on <body>, at the top, with nothing said. The shell asks for it at each route
 * change; the new page's title takes it once it has rendered (pages arrive in chunks of their own).
 */

let wanted = false;

/** The shell: the route changed, the next page title to render should take the focus. */
export function requestPageFocus(): void {
  wanted = true;
}

/**
 * A page title that rendered: takes the focus when asked to, unless the page put it on one of its own fields
 * already. Focus left anywhere else (on <body>, on the previous page, in a drawer closing behind the new page)
 * is moved.
 */
export function takePageFocus(title: HTMLElement | null, page: HTMLElement | null): void {
  if (!wanted || !title) return;
  wanted = false;
  const active = document.activeElement;
  if (active && active !== document.body && page?.contains(active)) return;
  title.focus({ preventScroll: true });
}
