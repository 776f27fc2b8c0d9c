import { stockBulkInfo } from '@piazza/contract/calls/blocks';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BlockTicket } from '../../features/blocks/block-ticket';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

/** Buying shares of a block (SPEC §2 stockBulk/bulkOrder). */
export default function BulkOrder() {
  const { t } = useTranslation();
  return (
    <Page title={t('blocks.orderTitle')}>
      <RequireSession>{() => <OrderScreen />}</RequireSession>
    </Page>
  );
}

function OrderScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const info = useApiQuery(stockBulkInfo, { id }, { enabled: id > 0, staleTime: 0 });
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton.Paragraph lineCount={8} animated />;
  return <BlockTicket block={info.data.block} />;
}
