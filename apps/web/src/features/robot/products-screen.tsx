import { stockAiList } from '@piazza/contract/calls/robot';
import { pageSizeMax } from '@piazza/contract/wire';
import { Button, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { paths } from '../../shared/navigation/paths';
import { useSession } from '../../shared/session/use-session';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import productStyles from '../../shared/ui/products.module.css';
import { TabRow } from '../../shared/ui/tab-row';
import styles from './robot.module.css';
import { robotPaths } from './robot-calls';
import { RobotCard } from './robot-card';

/** SPEC's "double list": the AI products listed here, and the copy-trading funds on their own page. */
const lists = ['products', 'funds'] as const;

/**
 * The AI Multiplier tab: the products on offer, by level, each with its measured live return; a signed-in
 * investor also finds their subscriptions here. The funds are one tap away. Guests browse.
 */
export function ProductsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [size, setSize] = useState(20);
  const products = useApiQuery(stockAiList, { size }, { staleTime: 0, refetchInterval: 60_000 });
  return (
    <div className={productStyles.list}>
      <TabRow
        options={lists}
        value="products"
        onChange={(list) => {
          if (list === 'funds') navigate(paths.funds);
        }}
        label={(list) => t(`robot.double.${list}`)}
        testId={(list) => `double-${list}`}
        classes={{ row: productStyles.tabs, tab: productStyles.tab, tabOn: productStyles.tabOn }}
      />
      {signedIn && (
        <button
          type="button"
          className={styles.mine}
          onClick={() => navigate(robotPaths.orders)}
          data-testid="robot-mine"
        >
          <span>{t('robot.mine')}</span>
          <RightOutline />
        </button>
      )}
      <p className={listing.note}>{t('robot.intro')}</p>
      <p className={productStyles.past}>{t('robot.pastResults')}</p>
      {products.isError ? (
        <LoadFailed onRetry={() => void products.refetch()} />
      ) : !products.data ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : products.data.list.length === 0 ? (
        <p className={listing.empty} data-testid="robots-empty">
          {t('robot.noProducts')}
        </p>
      ) : (
        <>
          {products.data.list.map((r) => (
            <RobotCard key={r.id} robot={r} onOpen={() => navigate(robotPaths.detail(r.id))} />
          ))}
          {products.data.total > products.data.list.length && size < pageSizeMax && (
            <Button
              block
              onClick={() => setSize((n) => Math.min(n + 20, pageSizeMax))}
              data-testid="robots-more"
            >
              {t('robot.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
