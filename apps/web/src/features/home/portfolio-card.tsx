import { userAssets } from '@piazza/contract/calls/assets';
import { stockOrderStatistics } from '@piazza/contract/calls/trading';
import { formatNumber } from '@piazza/core/format-number';
import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import type { StoredUser } from '../../shared/session/stored-user';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { type NextStep, nextStep } from './next-step';
import styles from './portfolio-card.module.css';

const stepPath: Record<Exclude<NextStep, null>, string> = {
  verify: '/pages/user/kyc',
  verifying: '/pages/user/kyc',
  deposit: '/pages/recharge/recharge',
  trade: '/pages/tabbar/markets',
};

/**
 * The signed-in investor's place on the home: their total wealth as the server values it (cash, shares,
 * coins and open positions), and the next step of a new investor — verify, deposit, first trade — until each
 * is done. `children` (the portfolio's profit, chart and allocation, given by the page) come under the total.
 */
export function PortfolioCard({ user, children }: { user: StoredUser; children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const assets = useApiQuery(userAssets, {}, { staleTime: 0 });
  const statistics = useApiQuery(stockOrderStatistics, {}, { staleTime: 0 });

  if (!assets.data) {
    return (
      <Card testId="home-portfolio">
        <Skeleton.Paragraph lineCount={2} animated />
      </Card>
    );
  }
  const funded = assets.data.accounts.some((a) => /[1-9]/.test(a.balance));
  const traded = statistics.data ? statistics.data.list.some((c) => c.orders > 0) : true;
  const step = nextStep({ idStatus: user.idStatus, funded, traded });

  return (
    <Card testId="home-portfolio">
      <button
        type="button"
        className={styles.total}
        onClick={() => navigate('/pages/user/assets')}
        data-testid="home-wealth"
      >
        <span className={styles.label}>{t('home.wealth')}</span>
        <span className={styles.value} data-testid="home-wealth-eur">
          {t('money.EUR', { 0: formatNumber(assets.data.totals.EUR, lang, 2) })}
        </span>
      </button>
      {children}
      {step && (
        <div className={styles.step} data-testid={`home-step-${step}`}>
          <p className={styles.stepText}>{t(`home.step.${step}`)}</p>
          <Button size="small" color="primary" onClick={() => navigate(stepPath[step])}>
            {t(`home.step.${step}.go`)}
          </Button>
        </div>
      )}
    </Card>
  );
}
