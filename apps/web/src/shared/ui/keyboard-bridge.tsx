import { useEffect } from 'react';

/*
 * Every control reachable and operable by keyboard (WCAG 2.1.1). A few antd-mobile parts answer only a tap:
 * a clickable List.Item is an <a> without href, a Switch and a Selector's options are <div>s, the close cross
 * of a Popup an <a> without href. None is in the Tab order. Watched from the app shell, once, for all of
 * them: each gets a place in the Tab order and a role where it has none, and Enter or Space on it does what
 * a tap does. (Checkboxes and radios, whose native input antd-mobile hides, are made focusable in global.css.)
 */

const tapOnly = [
  'a.adm-list-item:not([href])',
  '.adm-switch[role="switch"]',
  '.adm-selector-item',
  '.adm-popup-close-icon',
  '.adm-center-popup-close',
  '.adm-capsule-tabs-tab',
  '.adm-jumbo-tabs-tab',
  '.adm-side-bar-item',
  '.adm-nav-bar-back',
  '.adm-picker-header-button',
].join(', ');

const marker = 'data-pz-key';

/*
 * PasscodeInput's own box (role="button", in the Tab order) takes the focus and hands it to a native input it
 * marks aria-hidden: that input, also in the Tab order, is a second, hidden stop inside a button (axe:
 * aria-hidden-focus, nested-interactive). Out of the Tab order it still takes the focus from its box, and the
 * box is what it is, a text box. With antd-mobile's own number pad instead of the device's keyboard the box
 * ignores typed digits: the first digit or Backspace moves the focus to the native input, which takes it and
 * what follows (the pad, of no use to a keyboard, closes).
 */
const hiddenInputs = '.adm-passcode-input-native-input:not([tabindex])';
const passcodeBoxes = '.adm-passcode-input[role="button"]';

function bridge(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLElement>(hiddenInputs)) input.tabIndex = -1;
  for (const box of root.querySelectorAll<HTMLElement>(passcodeBoxes)) box.setAttribute('role', 'textbox');
  for (const el of root.querySelectorAll<HTMLElement>(tapOnly)) {
    if (el.hasAttribute(marker)) continue;
    el.setAttribute(marker, '');
    const disabled = el.matches('.adm-list-item-disabled, .adm-switch-disabled, .adm-selector-item-disabled');
    if (!el.hasAttribute('tabindex')) el.tabIndex = disabled ? -1 : 0;
    if (!el.hasAttribute('role')) el.setAttribute('role', 'button');
  }
}

export function KeyboardBridge() {
  useEffect(() => {
    bridge(document);
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (!frame)
        frame = window.requestAnimationFrame(() => {
          frame = 0;
          bridge(document);
        });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const onKeyDown = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      // Shift+Tab out of a PIN box's native input would land on the box, which hands the focus straight back:
      // the box leaves the Tab order for that one step.
      if (e.key === 'Tab' && e.shiftKey && el?.matches?.('.adm-passcode-input-native-input')) {
        const box = el.closest<HTMLElement>('.adm-passcode-input');
        if (box) {
          box.tabIndex = -1;
          window.setTimeout(() => {
            box.tabIndex = 0;
          });
        }
        return;
      }
      if (el?.matches?.('.adm-passcode-input') && (/^\d$/.test(e.key) || e.key === 'Backspace')) {
        el.querySelector<HTMLElement>('.adm-passcode-input-native-input')?.focus();
        return;
      }
      if (e.key !== 'Enter' && e.key !== ' ') return;
      if (!el?.hasAttribute?.(marker) || e.repeat) return;
      e.preventDefault();
      el.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return null;
}
