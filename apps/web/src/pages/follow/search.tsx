import { useTranslation } from 'react-i18next';
import { SearchScreen } from '../../features/follow/search-screen';
import { Page } from '../../shared/ui/page';

/** Fund managers by name (SPEC §2 follow/search), with their likes and their funds; guests browse. */
export default function Search() {
  const { t } = useTranslation();
  return (
    <Page title={t('follow.searchTitle')} flush>
      <SearchScreen />
    </Page>
  );
}
