import { useTranslation } from 'react-i18next';
import { DrawerButton } from '../../features/drawer/drawer-button';
import { ProductsScreen } from '../../features/robot/products-screen';
import { Page } from '../../shared/ui/page';

/** The AI Multiplier tab (SPEC §2 robot/doubleList): the products on offer; guests browse. */
export default function DoubleList() {
  const { t } = useTranslation();
  return (
    <Page title={t('robot.title')} left={<DrawerButton />} flush>
      <ProductsScreen />
    </Page>
  );
}
