import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './kyc.module.css';

/** Back and Next (or the step's own submit text) under each step; Next submits the step's form. */
export function StepButtons({
  onBack,
  nextText,
  loading = false,
  nextTestId = 'kyc-next',
}: {
  onBack?: () => void;
  nextText?: string;
  loading?: boolean;
  nextTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.buttons}>
      {onBack && (
        <Button size="large" onClick={onBack} data-testid="kyc-previous">
          {t('kycPage.previous')}
        </Button>
      )}
      <Button block type="submit" color="primary" size="large" loading={loading} data-testid={nextTestId}>
        {nextText ?? t('kycPage.next')}
      </Button>
    </div>
  );
}
