import { stockBulkInfo } from '@piazza/contract/calls/blocks';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { blockCalls, blockPaths } from '../../features/blocks/block-calls';
import { BlockBadges } from '../../features/blocks/block-card';
import styles from '../../features/blocks/blocks.module.css';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { paths } from '../../shared/navigation/paths';
import { useSession } from '../../shared/session/use-session';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

/** One block trade (SPEC §2 stockBulk/bulkDetail): its terms, the reader's purchases and where they stand. */
export default function BulkDetail() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const info = useApiQuery(stockBulkInfo, { id }, { enabled: id > 0, staleTime: 0 });
  useMoneyEvents(blockCalls);

  const body = () => {
    if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
    if (!info.data) return <Skeleton.Paragraph lineCount={10} animated />;
    const { block, purchases } = info.data;
    const money = (amount: string | null) => (amount ? moneyText(amount, block.currency, lang) : '--');
    const count = (n: string) => formatNumber(n, lang, 0);
    const terms: Figure[] = [
      [t('blocks.price'), money(block.price), 'block-detail-price'],
      [t('blocks.lastPrice'), money(block.lastPrice), 'block-detail-last'],
      [
        t('blocks.pricing'),
        block.pricing === 'fixed'
          ? t('blocks.pricingFixed')
          : t('blocks.pricingDiscount', { 0: formatNumber(block.discountPercent, lang, 2) }),
        'block-detail-pricing',
      ],
      [t('blocks.offered'), count(block.quantityOffered), 'block-detail-offered'],
      [t('blocks.leftLabel'), count(block.quantityLeft), 'block-detail-left'],
      [t('blocks.minLabel'), count(block.minQuantity), 'block-detail-min'],
      [
        t('blocks.window'),
        `${formatDate(block.opensAt)} – ${formatDate(block.closesAt)}`,
        'block-detail-window',
      ],
      [t('blocks.delivery'), formatDate(block.deliversAt), 'block-detail-delivery'],
      [
        t('blocks.lockedFor'),
        t('blocks.lockDays', { count: block.lockDays, 0: block.lockDays }),
        'block-detail-lock',
      ],
    ];
    return (
      <>
        <Card>
          <h2 className={listing.name}>{block.name}</h2>
          <p className={listing.symbol}>{block.symbol}</p>
          <BlockBadges block={block} />
          <FigureList figures={terms} />
          <p className={listing.note}>{t('blocks.howItWorks')}</p>
          {block.state === 'open' && (
            <div className={styles.actions}>
              <Button
                block
                color="primary"
                onClick={() => navigate(session.signedIn ? blockPaths.order(block.id) : paths.login)}
                data-testid="block-buy"
              >
                {t('blocks.buyShares')}
              </Button>
            </div>
          )}
        </Card>
        {purchases.length > 0 && (
          <Card title={t('blocks.yourPurchases')} testId="block-purchases">
            {purchases.map((p) => (
              <div key={p.id} data-testid={`block-purchase-${p.id}`}>
                <FigureList
                  figures={[
                    [
                      t('blocks.purchaseState'),
                      t(`blocks.purchase.${p.state}`),
                      `block-purchase-state-${p.id}`,
                    ],
                    [t('blocks.quantity'), count(p.quantity), `block-purchase-quantity-${p.id}`],
                    [t('blocks.paid'), money(p.amount), `block-purchase-amount-${p.id}`],
                    [
                      p.unlocksAt ? t('blocks.unlocks') : t('blocks.delivery'),
                      formatDate(p.unlocksAt ?? p.deliversAt),
                      `block-purchase-date-${p.id}`,
                    ],
                  ]}
                />
              </div>
            ))}
            <Button block onClick={() => navigate(blockPaths.position)}>
              {t('blocks.toPositions')}
            </Button>
          </Card>
        )}
      </>
    );
  };

  return (
    <Page title={t('blocks.detailTitle')}>
      {id > 0 ? body() : <LoadFailed onRetry={() => navigate(blockPaths.list)} />}
    </Page>
  );
}
