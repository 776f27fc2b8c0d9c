import { coinWithdrawAddress, coinWithdrawAddressDel } from '@piazza/contract/calls/funding';
import type { CallOutput } from '@piazza/contract/define';
import { Button, Skeleton, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { confirmDelete } from '../../features/wallet/confirm-delete';
import { networkNames } from '../../features/wallet/network-names';
import styles from '../../features/wallet/wallet.module.css';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { Card } from '../../shared/ui/card';
import { copyText } from '../../shared/ui/copy-text';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

type CryptoAddress = CallOutput<typeof coinWithdrawAddress>['list'][number];

/** The crypto addresses bound for withdrawals, each with its network; copy, remove, or add one. */
export default function AddressList() {
  const { t } = useTranslation();
  return (
    <Page title={t('wallet.addressList.title')}>
      <RequireSession>{() => <Addresses />}</RequireSession>
    </Page>
  );
}

function Addresses() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useApiQuery(coinWithdrawAddress, {}, { staleTime: 0 });

  const remove = async (a: CryptoAddress) => {
    if (!(await confirmDelete(a.address))) return;
    try {
      await api(coinWithdrawAddressDel, { id: a.id });
      Toast.show({ content: t('wallet.deleted') });
      await list.refetch();
    } catch {
      // Shown by the wrapper.
    }
  };

  return (
    <>
      {list.isPending ? (
        <Skeleton.Paragraph lineCount={5} animated />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <p className={styles.empty} data-testid="addresslist-empty">
          {t('wallet.addressList.empty')}
        </p>
      ) : (
        list.data.list.map((a) => (
          <Card key={a.id} testId={`addresslist-item-${a.id}`}>
            <div className={styles.item}>
              <div className={styles.head}>
                <span className={styles.name}>
                  <Tag color="primary" fill="outline">
                    {networkNames[a.network]}
                  </Tag>{' '}
                  {a.label}
                </span>
                <Button
                  size="mini"
                  fill="none"
                  color="danger"
                  onClick={() => void remove(a)}
                  data-testid={`addresslist-delete-${a.id}`}
                >
                  {t('wallet.delete')}
                </Button>
              </div>
              <button
                type="button"
                className={`${styles.mono} ${styles.copy}`}
                onClick={() => void copyText(a.address)}
                aria-label={t('wallet.copyAddress')}
                data-testid={`addresslist-address-${a.id}`}
              >
                {a.address}
              </button>
            </div>
          </Card>
        ))
      )}
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/pages/wallet/addAdress')}
          data-testid="addresslist-add"
        >
          {t('wallet.addressList.add')}
        </Button>
      </div>
    </>
  );
}
