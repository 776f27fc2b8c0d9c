import { useEffect } from 'react';

/*
 * Focus for every dialog, popup and drawer (WCAG 2.4.3 focus order, 2.1.2 no keyboard trap): antd-mobile's
 * Popup, Dialog, ActionSheet and Picker leave the focus behind them, on the page they cover. Watched from the
 * app shell, once, for all of them: when a layer opens the focus moves into it, Tab stays inside it, Escape
 * closes it as a tap on its mask would, and when it closes the focus returns to what opened it.
 */

const layerSelector = '.adm-popup, .adm-center-popup, [aria-modal="true"]';
const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const isShown = (el: Element) => el.isConnected && el.getClientRects().length > 0;

/**
 * A layer that covers the page: the drawer, or an antd-mobile popup with a mask. A popup without one (the
 * number pad under a PIN box) is part of the page and must not take the focus from the box it serves.
 */
const isModal = (el: Element) =>
  el.matches('[aria-modal="true"]') || !!el.querySelector(':scope > .adm-mask');

/** The part of a layer that holds its content (antd-mobile's body; the element itself for the drawer). */
function contentOf(layer: Element): HTMLElement {
  return (
    (layer.querySelector('.adm-popup-body, .adm-center-popup-body') as HTMLElement | null) ??
    (layer as HTMLElement)
  );
}

function firstFocusable(root: HTMLElement): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].find(isShown);
}

export function LayerFocus() {
  useEffect(() => {
    /** Open layers, oldest first, each with the element that held the focus before it opened. */
    let open: { layer: Element; opener: Element | null }[] = [];
    let frame = 0;

    const scan = () => {
      frame = 0;
      const shown = [...document.querySelectorAll(layerSelector)].filter(
        // A layer inside another (the drawer's panel inside nothing, a Dialog's parts) counts once.
        (el) => isShown(el) && isModal(el) && !el.parentElement?.closest(layerSelector),
      );
      for (const closed of open.filter((o) => !shown.includes(o.layer))) {
        const active = document.activeElement;
        const lost =
          !active || active === document.body || !active.isConnected || closed.layer.contains(active);
        if (lost && closed.opener instanceof HTMLElement && closed.opener.isConnected) {
          closed.opener.focus({ preventScroll: true });
        }
      }
      open = open.filter((o) => shown.includes(o.layer));
      for (const layer of shown) {
        if (open.some((o) => o.layer === layer)) continue;
        const active = document.activeElement;
        open.push({ layer, opener: active && !layer.contains(active) ? active : null });
        if (active && layer.contains(active)) continue;
        const content = contentOf(layer);
        const target = firstFocusable(content) ?? content;
        if (target === content && !content.hasAttribute('tabindex')) content.tabIndex = -1;
        target.focus({ preventScroll: true });
      }
    };
    const later = () => {
      if (!frame) frame = window.requestAnimationFrame(scan);
    };

    const observer = new MutationObserver(later);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'class'],
    });

    const top = () => open.at(-1)?.layer;
    // Tab out of the top layer comes back to its first control.
    const onFocusIn = (e: FocusEvent) => {
      const layer = top();
      const target = e.target as Element | null;
      if (!layer || !target || layer.contains(target)) return;
      // Tab never reaches an element out of the Tab order: the code put the focus there on purpose (a new
      // page's title while the drawer that led to it slides away).
      if (target.matches('[tabindex="-1"]')) return;
      const content = contentOf(layer);
      (firstFocusable(content) ?? content).focus({ preventScroll: true });
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const mask = top()?.querySelector<HTMLElement>(':scope > .adm-mask, :scope > .adm-center-popup-mask');
      if (mask) {
        e.preventDefault();
        mask.click();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return null;
}
