import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NoticeDetail } from '../../features/notices/notice-detail';
import { Page } from '../../shared/ui/page';

/** SPEC §2 `notice/detail?id=`: one notice in full; opening it marks it read. */
export default function Detail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('notices.detailTitle')}>
      {Number.isInteger(id) && id > 0 ? <NoticeDetail key={id} id={id} /> : <p>{t('notices.empty')}</p>}
    </Page>
  );
}
