import { sessionList, sessionRevoke } from '@piazza/contract/calls/security';
import { formatDateTime } from '@piazza/core/format-date';
import { Button, Dialog, List, Popup, SpinLoading, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LoadFailed } from '../../shared/ui/load-failed';
import { deviceName } from './device-name';
import styles from './security.module.css';

/** The user's signed-in devices, this one marked; any other can be signed out, or all others at once. */
export function SessionsPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const sessions = useApiQuery(sessionList, {}, { enabled: visible, staleTime: 0 });

  const revoke = async (params: { id: number } | { all: 1 }, question: string) => {
    if (
      !(await Dialog.confirm({
        content: question,
        confirmText: t('common.confirm'),
        cancelText: t('common.cancel'),
      }))
    ) {
      return;
    }
    try {
      const done = await api(sessionRevoke, params);
      Toast.show({
        content:
          'all' in params ? t('sec.sessions.revokedMany', { 0: done.revoked }) : t('sec.sessions.revoked'),
      });
    } catch {
      // Shown by the wrapper; the list is read again either way.
    }
    await sessions.refetch();
  };

  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className={styles.popupBody} data-testid="sessions">
        <h3 className={styles.popupTitle}>{t('sec.sessions.title')}</h3>
        {sessions.isPending ? (
          <div className={styles.empty}>
            <SpinLoading />
          </div>
        ) : sessions.isError ? (
          <LoadFailed onRetry={() => void sessions.refetch()} />
        ) : (
          <>
            <List>
              {list.map((s) => (
                <List.Item
                  key={s.id}
                  data-testid={`session-${s.id}`}
                  description={
                    <div className={styles.sessionMeta}>
                      <div>{t('sec.sessions.lastSeen', { 0: formatDateTime(s.lastSeenAt) })}</div>
                      <div>{t('sec.sessions.created', { 0: formatDateTime(s.createdAt) })}</div>
                      {s.ip && <div>{t('sec.sessions.ip', { 0: s.ip })}</div>}
                    </div>
                  }
                  extra={
                    s.current ? (
                      <span className={styles.current} data-testid="session-current">
                        {t('sec.sessions.current')}
                      </span>
                    ) : (
                      <Button
                        size="mini"
                        color="danger"
                        fill="outline"
                        onClick={() => void revoke({ id: s.id }, t('sec.sessions.revokeConfirm'))}
                        data-testid={`session-revoke-${s.id}`}
                      >
                        {t('sec.sessions.revoke')}
                      </Button>
                    )
                  }
                >
                  {deviceName(s.userAgent) ?? t('sec.sessions.unknownDevice')}
                </List.Item>
              ))}
            </List>
            {others > 0 ? (
              <Button
                block
                color="danger"
                fill="outline"
                style={{ marginTop: 16 }}
                onClick={() => void revoke({ all: 1 }, t('sec.sessions.revokeOthersConfirm'))}
                data-testid="sessions-revoke-others"
              >
                {t('sec.sessions.revokeOthers')}
              </Button>
            ) : (
              <p className={styles.empty}>{t('sec.sessions.onlyThis')}</p>
            )}
          </>
        )}
      </div>
    </Popup>
  );
}
