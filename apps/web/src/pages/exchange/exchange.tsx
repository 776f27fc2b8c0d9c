import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MessageKey } from '../../i18n/it-IT';
import { Page } from '../../shared/ui/page';

const screens: readonly { key: string; title: MessageKey; description: MessageKey; to: string }[] = [
  {
    key: 'currency',
    title: 'exchange.title',
    description: 'exchange.hub.currency',
    to: '/pages/exchange/index',
  },
  {
    key: 'transfer',
    title: 'exchange.transfer.title',
    description: 'exchange.hub.transfer',
    to: '/pages/exchange/stock',
  },
  {
    key: 'cryptoConvert',
    title: 'exchange.cryptoConvert.title',
    description: 'exchange.hub.cryptoConvert',
    to: '/pages/exchange/cryptoConvert',
  },
  {
    key: 'cryptoTransfer',
    title: 'exchange.cryptoTransfer.title',
    description: 'exchange.hub.cryptoTransfer',
    to: '/pages/exchange/cryptoTransfer',
  },
];

/** Exchange and transfers: the four ways to move money between currencies, coins and accounts. */
export default function ExchangeHub() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('exchange.hub.title')}>
      <List mode="card">
        {screens.map((s) => (
          <List.Item
            key={s.key}
            description={t(s.description)}
            onClick={() => navigate(s.to)}
            data-testid={`exchange-hub-${s.key}`}
          >
            {t(s.title)}
          </List.Item>
        ))}
      </List>
    </Page>
  );
}
