import { useTranslation } from 'react-i18next';
import { NoticeList } from '../../features/notices/notice-list';
import { Page } from '../../shared/ui/page';

/** SPEC §2 `notice/list`: everyone's notices and the investor's own, newest first. */
export default function List() {
  const { t } = useTranslation();
  return (
    <Page title={t('notices.title')}>
      <NoticeList />
    </Page>
  );
}
