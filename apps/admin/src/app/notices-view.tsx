import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotices } from '../shared/notices';

/** The messages the request wrapper and the screens publish, read out by screen readers as they come. */
export function NoticesView() {
  const { t } = useTranslation();
  const notices = useNotices();
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div
          key={n.id}
          className={`notice notice-${n.kind}`}
          role={n.kind === 'error' ? 'alert' : 'status'}
          data-testid="notice"
        >
          <span>{n.text}</span>
          <button type="button" onClick={() => dismissNotice(n.id)} aria-label={t('notice.close')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
