import { reduceMotion, restoreMotion } from 'antd-mobile';

/**
 * antd-mobile animates its popups, dialogs and swipers with react-spring, which CSS cannot reach: when the
 * device asks for reduced motion (WCAG 2.3.3), its springs jump to their end. Follows the setting as it changes.
 */
export function followReducedMotion(): () => void {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  const apply = () => (query.matches ? reduceMotion() : restoreMotion());
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
