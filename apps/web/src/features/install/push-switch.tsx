import { userPushKey, userPushSubscribe, userPushUnsubscribe } from '@piazza/contract/calls/push';
import { Switch, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/it-IT';
import { api } from '../../shared/api/api';
import { activeRegistration, pushSupported } from '../../shared/pwa/service-worker';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import styles from './install.module.css';

type PushState = 'loading' | 'on' | 'off' | 'unsupported' | 'denied' | 'unavailable';

/** The VAPID key as the push manager takes it: base64url text to bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await activeRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * The investor's consent to pushed notices on this device: on asks the browser's permission, subscribes with
 * the server's VAPID key and stores the subscription (modules/push); off removes both. The switch shows the
 * browser's own state, which is the truth for this device.
 */
export function PushSwitch() {
  const { t } = useTranslation();
  const token = usePersisted('userToken');
  const [state, setState] = useState<PushState>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    if (!pushSupported()) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('denied');
      return;
    }
    currentSubscription()
      .then((s) => setState(s && Notification.permission === 'granted' ? 'on' : 'off'))
      .catch(() => setState('unsupported'));
  }, [token]);

  const turnOn = async () => {
    const key = await api(userPushKey, {});
    if (!key.enabled) return setState('unavailable');
    const registration = await activeRegistration();
    if (!registration) return setState('unsupported');
    if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.publicKey),
    });
    const json = subscription.toJSON();
    await api(userPushSubscribe, {
      endpoint: subscription.endpoint,
      p256dh: json.keys?.p256dh ?? '',
      auth: json.keys?.auth ?? '',
    });
    setState('on');
    Toast.show({ content: t('pwa.push.on') });
  };

  const turnOff = async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      await api(userPushUnsubscribe, { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    setState('off');
    Toast.show({ content: t('pwa.push.off') });
  };

  const change = (on: boolean) => {
    setBusy(true);
    (on ? turnOn() : turnOff())
      .catch(() => Toast.show({ content: t('pwa.push.failed') }))
      .finally(() => setBusy(false));
  };

  const line = (key: MessageKey) => (
    <p className={styles.text} data-testid="push-state">
      {t(key)}
    </p>
  );
  return (
    <Card title={t('pwa.push.title')} testId="push-card">
      {!token && line('pwa.push.signIn')}
      {token && state === 'unsupported' && line('pwa.push.unsupported')}
      {token && state === 'denied' && line('pwa.push.denied')}
      {token && state === 'unavailable' && line('pwa.push.unavailable')}
      {token && (state === 'on' || state === 'off' || state === 'loading') && (
        <>
          <div className={styles.switchRow}>
            <span id="push-switch-label">{t('pwa.push.switch')}</span>
            <Switch
              checked={state === 'on'}
              loading={busy || state === 'loading'}
              onChange={change}
              aria-labelledby="push-switch-label"
              data-testid="push-switch"
            />
          </div>
          <p className={styles.note}>{t('pwa.push.hint')}</p>
        </>
      )}
    </Card>
  );
}
