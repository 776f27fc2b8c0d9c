import { stockBulkList } from '@piazza/contract/calls/blocks';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { blockCalls, blockPaths } from '../../features/blocks/block-calls';
import { BlockCard } from '../../features/blocks/block-card';
import styles from '../../features/blocks/blocks.module.css';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

/** Block trades (SPEC §2 stockBulk/bulkList): discounted blocks of listed shares, open ones first. */
export default function BulkList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [size, setSize] = useState(20);
  const blocks = useApiQuery(stockBulkList, { size }, { staleTime: 0, refetchInterval: 15_000 });
  useMoneyEvents(blockCalls);

  return (
    <Page title={t('blocks.title')} flush>
      <div className={styles.list}>
        <p className={listing.note}>{t('blocks.intro')}</p>
        {blocks.isError ? (
          <LoadFailed onRetry={() => void blocks.refetch()} />
        ) : !blocks.data ? (
          <Skeleton.Paragraph lineCount={8} animated />
        ) : blocks.data.list.length === 0 ? (
          <p className={listing.empty} data-testid="blocks-empty">
            {t('blocks.empty')}
          </p>
        ) : (
          <>
            {blocks.data.list.map((block) => (
              <BlockCard key={block.id} block={block} onOpen={() => navigate(blockPaths.detail(block.id))} />
            ))}
            {blocks.data.total > blocks.data.list.length && (
              <Button block onClick={() => setSize((s) => s + 20)} data-testid="blocks-more">
                {t('blocks.more')}
              </Button>
            )}
          </>
        )}
      </div>
    </Page>
  );
}
