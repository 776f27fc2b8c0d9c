import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { NavButton } from '../../shared/ui/nav-button';
import { useDrawer } from './drawer-context';

/** The menu button that opens the drawer, for a page's navigation bar. */
export function DrawerButton() {
  const { t } = useTranslation();
  const { openDrawer } = useDrawer();
  return (
    <NavButton label={t('drawer.open')} onClick={openDrawer} testId="drawer-open">
      <UnorderedListOutline />
    </NavButton>
  );
}
