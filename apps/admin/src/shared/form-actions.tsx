import { useTranslation } from 'react-i18next';
import formCard from './form-card.module.css';

/** A form card's buttons: submit (off while the call is under way) and, when there is one, Cancel. */
export function FormActions({
  submitLabel,
  submitTestId,
  pending,
  onCancel,
  cancelTestId,
}: {
  submitLabel: string;
  submitTestId: string;
  pending: boolean;
  onCancel?: () => void;
  cancelTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={formCard.actions}>
      <button type="submit" disabled={pending} data-testid={submitTestId}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel} data-testid={cancelTestId}>
          {t('common.cancel')}
        </button>
      )}
    </div>
  );
}
