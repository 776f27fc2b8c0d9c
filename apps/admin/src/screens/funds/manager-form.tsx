import { adminFundManagerSave } from '@piazza/contract/calls/fund-admin';
import type { ManagerView } from '@piazza/contract/calls/fund-shapes';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/field';
import { FormActions } from '../../shared/form-actions';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import styles from './funds.module.css';

/**
 * A manager's public profile: created (no manager) or changed. Likes and the track record are measured, so the
 * form has only the name, the biography and the photo's address (left empty, the profile has no photo).
 */
export function ManagerForm({
  manager,
  onSaved,
  onCancel,
}: {
  manager?: ManagerView;
  onSaved: (saved: ManagerView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(manager?.name ?? '');
  const [bio, setBio] = useState(manager?.bio ?? '');
  const [photoUrl, setPhotoUrl] = useState(manager?.photoUrl ?? '');
  const save = useMutation({
    mutationFn: () =>
      request(adminFundManagerSave, {
        ...(manager ? { id: manager.id } : {}),
        name,
        bio,
        photoUrl,
      }),
    onSuccess: (saved) => {
      showNotice('success', t('fundsAdmin.saved', { name: saved.name }));
      onSaved(saved);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      aria-label={manager ? t('fundsAdmin.editManager', { name: manager.name }) : t('fundsAdmin.newManager')}
      data-testid="manager-form"
    >
      <label>
        <span>{t('fundsAdmin.managerName')}</span>
        <input
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          data-testid="manager-name"
        />
      </label>
      <Field label={t('fundsAdmin.photoUrl')} hint={t('fundsAdmin.photoUrlHint')} hintId="manager-photo-hint">
        <input
          inputMode="url"
          value={photoUrl}
          maxLength={300}
          placeholder="https://"
          onChange={(e) => setPhotoUrl(e.target.value)}
          aria-describedby="manager-photo-hint"
          data-testid="manager-photoUrl"
        />
      </Field>
      <Field label={t('fundsAdmin.bio')} wide>
        <textarea
          rows={4}
          maxLength={1000}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          data-testid="manager-bio"
        />
      </Field>
      <FormActions
        submitLabel={t(manager ? 'fundsAdmin.save' : 'fundsAdmin.createManager')}
        submitTestId="manager-save"
        pending={save.isPending}
        onCancel={onCancel}
      />
      <RefusalLine error={save.error} testId="manager-refusal" />
    </form>
  );
}
