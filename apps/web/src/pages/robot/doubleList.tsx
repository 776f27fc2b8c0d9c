import { useTranslation } from 'react-i18next';
import { DrawerButton } from '../../features/drawer/drawer-button';
import { ProductsScreen } from '../../features/robot/products-screen';
import { Page } from '../../shared/ui/page';

/**
 * The AI Multiplier tab (SPEC §2 robot/doubleList): the AI products on offer, and the way to the copy-trading
 * funds; guests browse.
 */
export default function DoubleList() {
  const { t } = useTranslation();
  return (
    <Page title={t('robot.title')} left={<DrawerButton />} flush>
      <ProductsScreen />
    </Page>
  );
}
