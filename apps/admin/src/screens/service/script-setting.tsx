import { adminServiceSettings, adminServiceSettingsSave } from '@piazza/contract/calls/service';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './service.module.css';

const settingsKey = ['service-settings'];

/**
 * The external chat script (login info's serviceSaleSmartly): an https address, or empty for the built-in chat.
 * Its origin, and only it, is let through the apps' Content-Security-Policy once saved (decision 039).
 */
export function ScriptSetting() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: settingsKey, queryFn: () => request(adminServiceSettings, {}) });
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (setting.data) setUrl(setting.data.scriptUrl);
  }, [setting.data]);
  const save = useMutation({
    mutationFn: () => request(adminServiceSettingsSave, { scriptUrl: url }),
    onSuccess: () => {
      showNotice('success', t('serviceAdmin.scriptSaved'));
      void queryClient.invalidateQueries({ queryKey: settingsKey });
    },
  });
  const editable = can(role, adminServiceSettingsSave);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <section aria-labelledby="script-title" className={styles.section}>
      <h2 id="script-title">{t('serviceAdmin.scriptTitle')}</h2>
      <p className="muted">{t('serviceAdmin.scriptHint')}</p>
      {setting.data && (
        <p data-testid="script-source">{t(`serviceAdmin.scriptSource.${setting.data.source}`)}</p>
      )}
      <form onSubmit={submit} className={styles.form}>
        <label>
          {t('serviceAdmin.scriptUrl')}
          <input
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://chat.example.com/widget.js"
            disabled={!editable}
            data-testid="script-url"
          />
        </label>
        {editable && (
          <button type="submit" disabled={save.isPending} data-testid="script-save">
            {t('common.save')}
          </button>
        )}
        <RefusalLine error={save.error} testId="script-refusal" />
      </form>
    </section>
  );
}
