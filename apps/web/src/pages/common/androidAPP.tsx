import { useTranslation } from 'react-i18next';
import { InstallButton, InstallSteps } from '../../features/install/install-guide';
import { Page } from '../../shared/ui/page';

const steps = ['pwa.android.step1', 'pwa.android.step2', 'pwa.android.step3', 'pwa.android.step4'] as const;

/** Installing the web app on Android (SPEC §2 common/androidAPP): the browser's prompt, or the menu's steps. */
export default function AndroidApp() {
  const { t } = useTranslation();
  return (
    <Page title={t('pwa.android.title')}>
      <InstallButton />
      <InstallSteps steps={steps} testId="android-steps" />
    </Page>
  );
}
