import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  size: number;
  total: number;
  onPage(page: number): void;
}

export function Pager({ page, size, total, onPage }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  const status = t('pager.status', { page, pages, total });
  if (pages === 1) return <p className="muted">{status}</p>;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid="pager-previous"
      >
        {t('pager.previous')}
      </button>
      <span>{status}</span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="pager-next"
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
