import { useTranslation } from 'react-i18next';
import { InstallButton, InstallNote, InstallSteps } from '../../features/install/install-guide';
import { Page } from '../../shared/ui/page';

const steps = ['pwa.ios.step1', 'pwa.ios.step2', 'pwa.ios.step3', 'pwa.ios.step4'] as const;

/** Installing the web app on iPhone and iPad (SPEC §2 common/iosAPP): Safari's Share › Add to Home Screen. */
export default function IosApp() {
  const { t } = useTranslation();
  return (
    <Page title={t('pwa.ios.title')}>
      <InstallButton />
      <InstallSteps steps={steps} testId="ios-steps" />
      <InstallNote text={t('pwa.ios.note')} />
    </Page>
  );
}
