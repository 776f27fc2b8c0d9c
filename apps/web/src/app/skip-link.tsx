import { useTranslation } from 'react-i18next';

/**
 * The first stop of the Tab key (WCAG 2.4.1, bypass blocks): straight to the page's content, past the navigation
 * bar. Hidden until focused. A button, not a link to #main: the page's <main> takes the focus and the address
 * (the router's) stays as it is.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="pz-skip-link"
      onClick={() => document.querySelector<HTMLElement>('main')?.focus()}
      data-testid="skip-link"
    >
      {t('a11y.skipToContent')}
    </button>
  );
}
