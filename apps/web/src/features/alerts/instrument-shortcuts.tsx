import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setAlertPath } from './alert-paths';
import styles from './alerts.module.css';

/** The savings plan editor of an instrument; its page is the plans feature's (plan/edit). */
const newPlanPath = (symbol: string) => `/pages/plan/edit?symbol=${encodeURIComponent(symbol)}`;

/**
 * Under a K-line: set a price alert on the instrument and, for an EUR share or ETF, start a savings plan.
 * Guests are sent to login by the pages themselves. Test ids: `kline-alert`, `kline-plan`.
 */
export function InstrumentShortcuts({ symbol, plan }: { symbol: string; plan: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.shortcuts}>
      <Button
        size="small"
        fill="outline"
        onClick={() => navigate(setAlertPath(symbol))}
        data-testid="kline-alert"
      >
        {t('alerts.setShort')}
      </Button>
      {plan && (
        <Button
          size="small"
          fill="outline"
          onClick={() => navigate(newPlanPath(symbol))}
          data-testid="kline-plan"
        >
          {t('plans.startShort')}
        </Button>
      )}
    </div>
  );
}
