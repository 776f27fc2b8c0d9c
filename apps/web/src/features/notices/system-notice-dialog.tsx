import { indexNotice } from '@piazza/contract/calls/notices';
import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { readPersisted, usePersisted, writePersisted } from '../../shared/storage/persisted';
import styles from './notices.module.css';
import { rememberSeen, seenIds } from './seen-dialogs';

/**
 * The newest notice for everyone flagged as a dialog, shown once per device: closing it remembers its id
 * in `systemNotice`, so it never opens again there.
 */
export function SystemNoticeDialog() {
  const { t } = useTranslation();
  const seen = seenIds(usePersisted('systemNotice'));
  const latest = useApiQuery(indexNotice, { page: 1, size: 1 }, { staleTime: 60_000 });
  const [closed, setClosed] = useState<number | null>(null);
  const dialog = latest.data?.dialog ?? null;
  const open = dialog !== null && !seen.includes(dialog.id) && closed !== dialog.id;
  const close = () => {
    if (!dialog) return;
    setClosed(dialog.id);
    writePersisted('systemNotice', rememberSeen(readPersisted('systemNotice'), dialog.id));
  };
  return (
    <Dialog
      visible={open}
      title={<span data-testid="system-notice-title">{dialog?.title}</span>}
      content={
        <div className={styles.body} data-testid="system-notice-body">
          {dialog?.body}
        </div>
      }
      closeOnAction
      onClose={close}
      actions={[{ key: 'ok', text: t('notices.dialogOk') }]}
    />
  );
}
