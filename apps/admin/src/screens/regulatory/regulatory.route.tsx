import {
  adminRegulatory,
  adminRegulatoryClear,
  adminRegulatorySave,
} from '@piazza/contract/calls/regulatory';
import { regulatoryLinkSlots } from '@piazza/contract/calls/regulatory-shapes';
import type { CallOutput, CallParams } from '@piazza/contract/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { Field } from '../../shared/field';
import { FormActions } from '../../shared/form-actions';
import formCard from '../../shared/form-card.module.css';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';

type Info = CallOutput<typeof adminRegulatory>;
type Draft = CallParams<typeof adminRegulatorySave>;
const infoKey = ['regulatory'];

function draftOf(info: Info): Draft {
  const draft: Record<string, string> = {
    legalName: info.legalName,
    registrationNumber: info.registrationNumber,
    regulatorIt: info.regulatorIt,
    regulatorEn: info.regulatorEn,
    authorisationNumber: info.authorisationNumber,
  };
  for (const n of regulatoryLinkSlots) {
    const link = info.links[n - 1];
    draft[`link${n}Url`] = link?.url ?? '';
    draft[`link${n}LabelIt`] = link?.labelIt ?? '';
    draft[`link${n}LabelEn`] = link?.labelEn ?? '';
  }
  return draft as Draft;
}

/**
 * The operator's regulatory identity for the app's regulatory page (issue 15 item 6): legal name, company
 * registration, the regulator (named in both languages), the authorisation and up to three links to public
 * registers. Nothing is shown to investors until it is saved; "Remove" makes the page claim nothing again.
 * Compliance sets it; support reads it.
 */
export default function RegulatoryScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const info = useQuery({ queryKey: infoKey, queryFn: () => request(adminRegulatory, {}) });
  return (
    <section aria-labelledby="regulatory-title">
      <h1 id="regulatory-title">{t('regulatoryAdmin.title')}</h1>
      <p className="muted">{t('regulatoryAdmin.hint')}</p>
      {info.isPending && <p className="muted">{t('common.loading')}</p>}
      {info.data && (
        <>
          <p data-testid="regulatory-state">
            <span className={info.data.configured ? 'badge badge-ok' : 'badge badge-off'}>
              {t(info.data.configured ? 'regulatoryAdmin.configured' : 'regulatoryAdmin.notConfigured')}
            </span>
          </p>
          <RegulatoryForm
            key={info.data.updatedAt ?? 'none'}
            info={info.data}
            editable={can(role, adminRegulatorySave)}
          />
        </>
      )}
    </section>
  );
}

function RegulatoryForm({ info, editable }: { info: Info; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(info));
  const done = (data: Info) => {
    queryClient.setQueryData(infoKey, data);
  };
  const save = useMutation({
    mutationFn: () => request(adminRegulatorySave, draft),
    onSuccess: (data) => {
      showNotice('success', t('regulatoryAdmin.saved'));
      done(data);
    },
  });
  const clear = useMutation({
    mutationFn: () => request(adminRegulatoryClear, {}),
    onSuccess: (data) => {
      showNotice('success', t('regulatoryAdmin.cleared'));
      setDraft(draftOf(data));
      done(data);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const field = (name: keyof Draft & string, label: string, wide = false) => (
    <Field label={label} wide={wide}>
      <input
        name={name}
        value={String(draft[name] ?? '')}
        disabled={!editable}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        data-testid={`regulatory-${name}`}
      />
    </Field>
  );
  return (
    <form className={formCard.form} onSubmit={submit} data-testid="regulatory-form">
      {field('legalName', t('regulatoryAdmin.legalName'), true)}
      {field('registrationNumber', t('regulatoryAdmin.registrationNumber'))}
      {field('authorisationNumber', t('regulatoryAdmin.authorisationNumber'))}
      {field('regulatorIt', t('regulatoryAdmin.regulatorIt'), true)}
      {field('regulatorEn', t('regulatoryAdmin.regulatorEn'), true)}
      {regulatoryLinkSlots.map((n) => (
        <fieldset key={n} className={formCard.wide}>
          <legend>{t('regulatoryAdmin.link', { n })}</legend>
          {field(`link${n}Url`, t('regulatoryAdmin.linkUrl'), true)}
          {field(`link${n}LabelIt`, t('regulatoryAdmin.linkLabelIt'))}
          {field(`link${n}LabelEn`, t('regulatoryAdmin.linkLabelEn'))}
        </fieldset>
      ))}
      <RefusalLine error={save.error ?? clear.error} testId="regulatory-refusal" alert />
      {editable && (
        <>
          <FormActions
            submitLabel={t('common.save')}
            submitTestId="regulatory-save"
            pending={save.isPending}
          />
          {info.configured && (
            <button
              type="button"
              className="secondary"
              disabled={clear.isPending}
              onClick={() => clear.mutate()}
              data-testid="regulatory-clear"
            >
              {t('regulatoryAdmin.clear')}
            </button>
          )}
        </>
      )}
    </form>
  );
}
