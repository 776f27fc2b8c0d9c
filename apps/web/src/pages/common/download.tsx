import { useTranslation } from 'react-i18next';
import { InstallButton, InstallNote, SystemChoice } from '../../features/install/install-guide';
import { PushSwitch } from '../../features/install/push-switch';
import { Page } from '../../shared/ui/page';

/** How to install the web app (SPEC §2 common/download): the browser's prompt where offered, a guide per system, and this device's notifications. */
export default function Download() {
  const { t } = useTranslation();
  return (
    <Page title={t('pwa.download.title')}>
      <InstallNote text={t('pwa.download.intro')} testId="download-intro" />
      <InstallButton />
      <SystemChoice />
      <PushSwitch />
    </Page>
  );
}
