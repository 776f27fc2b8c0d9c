import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MessageKey } from '../../i18n/it-IT';
import { runsInstalled, useInstallPrompt } from '../../shared/pwa/install-prompt';
import { Card } from '../../shared/ui/card';
import styles from './install.module.css';

export const installGuidePaths = {
  android: '/pages/common/androidAPP',
  ios: '/pages/common/iosAPP',
} as const;

/**
 * The browser's own install prompt, where it offers one (Chromium on Android and computers); "already
 * installed" when the app runs from the home screen; nothing otherwise (Safari installs from its Share menu).
 */
export function InstallButton() {
  const { t } = useTranslation();
  const prompt = useInstallPrompt();
  if (runsInstalled()) {
    return (
      <p className={styles.note} data-testid="install-installed">
        {t('pwa.download.installed')}
      </p>
    );
  }
  if (!prompt.available) return null;
  return (
    <div className={styles.install}>
      <Button block color="primary" onClick={() => void prompt.install()} data-testid="install-prompt">
        {t('pwa.download.install')}
      </Button>
      <p className={styles.note}>{t('pwa.download.installHint')}</p>
    </div>
  );
}

/** The numbered steps of one system's installation. */
export function InstallSteps({ steps, testId }: { steps: readonly MessageKey[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('pwa.steps')} testId={testId}>
      <ol className={styles.steps}>
        {steps.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </Card>
  );
}

/** The download page's choice of system: a guide for each, and the computer's in a line. */
export function SystemChoice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <List className={styles.list}>
        <List.Item
          onClick={() => navigate(installGuidePaths.android)}
          description={t('pwa.download.androidHint')}
          data-testid="download-android"
        >
          {t('pwa.download.android')}
        </List.Item>
        <List.Item
          onClick={() => navigate(installGuidePaths.ios)}
          description={t('pwa.download.iosHint')}
          data-testid="download-ios"
        >
          {t('pwa.download.ios')}
        </List.Item>
      </List>
      <Card title={t('pwa.download.desktop')}>
        <p className={styles.text}>{t('pwa.download.desktopBody')}</p>
      </Card>
    </>
  );
}

/** A card of one paragraph: the download page's introduction, iOS's note on notifications. */
export function InstallNote({ text, testId }: { text: string; testId?: string }) {
  return (
    <Card testId={testId}>
      <p className={styles.text}>{text}</p>
    </Card>
  );
}
