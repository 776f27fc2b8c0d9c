import { bankDel, bankList } from '@piazza/contract/calls/funding';
import type { CallOutput } from '@piazza/contract/define';
import { Button, Skeleton, Tabs, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { confirmDelete } from '../../features/wallet/confirm-delete';
import { ibanForDisplay } from '../../features/wallet/iban-display';
import styles from '../../features/wallet/wallet.module.css';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

type Binding = CallOutput<typeof bankList>['list'][number];
type Kind = Binding['kind'];

/** Bank details (drawer, ?type=2): the bank accounts and wallets withdrawals are paid to, to add or remove. */
export default function BankList() {
  const { t } = useTranslation();
  return (
    <Page title={t('wallet.bankList.title')}>
      <RequireSession>{() => <Bindings />}</RequireSession>
    </Page>
  );
}

function Bindings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('kind') === 'wallet' ? 'wallet' : 'bank';
  const list = useApiQuery(bankList, { kind }, { staleTime: 0 });

  const remove = async (binding: Binding) => {
    const what = binding.iban
      ? ibanForDisplay(binding.iban)
      : `${binding.walletType ?? ''} ${binding.mobile ?? ''}`;
    if (!(await confirmDelete(what))) return;
    try {
      await api(bankDel, { id: binding.id });
      Toast.show({ content: t('wallet.deleted') });
      await list.refetch();
    } catch {
      // Shown by the wrapper.
    }
  };

  return (
    <>
      <div className={styles.tabs}>
        <Tabs
          activeKey={kind}
          onChange={(key) => {
            const next = new URLSearchParams(params);
            next.set('kind', key);
            setParams(next, { replace: true });
          }}
        >
          <Tabs.Tab key="bank" title={<span data-testid="banklist-tab-bank">{t('wallet.tab.bank')}</span>} />
          <Tabs.Tab
            key="wallet"
            title={<span data-testid="banklist-tab-wallet">{t('wallet.tab.wallet')}</span>}
          />
        </Tabs>
      </div>
      {list.isPending ? (
        <Skeleton.Paragraph lineCount={5} animated />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <p className={styles.empty} data-testid="banklist-empty">
          {t(kind === 'wallet' ? 'wallet.bankList.emptyWallet' : 'wallet.bankList.empty')}
        </p>
      ) : (
        list.data.list.map((b) => (
          <Card key={b.id} testId={`banklist-item-${b.id}`}>
            <div className={styles.item}>
              <div className={styles.head}>
                <span className={styles.name}>
                  {b.kind === 'wallet' ? b.walletType : b.bankName || t('wallet.bankAccount')}
                </span>
                <Button
                  size="mini"
                  fill="none"
                  color="danger"
                  onClick={() => void remove(b)}
                  data-testid={`banklist-delete-${b.id}`}
                >
                  {t('wallet.delete')}
                </Button>
              </div>
              {b.kind === 'bank' ? (
                <>
                  <span className={styles.mono} data-testid={`banklist-iban-${b.id}`}>
                    {b.iban ? ibanForDisplay(b.iban) : ''}
                  </span>
                  <span className={styles.detail}>
                    {[b.name, b.bic && t('wallet.bicLabel', { 0: b.bic })].filter(Boolean).join(' · ')}
                  </span>
                </>
              ) : (
                <span className={styles.detail}>{[b.name, b.mobile].filter(Boolean).join(' · ')}</span>
              )}
            </div>
          </Card>
        ))
      )}
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          size="large"
          onClick={() =>
            navigate(kind === 'wallet' ? '/pages/wallet/addBank?kind=wallet' : '/pages/wallet/addBank')
          }
          data-testid="banklist-add"
        >
          {t(kind === 'wallet' ? 'wallet.bankList.addWallet' : 'wallet.bankList.add')}
        </Button>
        <Button
          block
          size="large"
          onClick={() => navigate('/pages/wallet/addressList')}
          data-testid="banklist-addresses"
        >
          {t('wallet.bankList.addresses')}
        </Button>
      </div>
    </>
  );
}
