import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { VotePanel } from '../../features/votes/vote-panel';
import { Page } from '../../shared/ui/page';

/** The poll (`stock/vote`, SPEC §2): the current one, or `?id=` for a given one. */
export default function VotePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  return (
    <Page title={t('vote.title')}>
      <VotePanel id={Number.isSafeInteger(id) && id > 0 ? id : undefined} />
    </Page>
  );
}
