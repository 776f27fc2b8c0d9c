import { kycStatus, kycSubmit } from '@piazza/contract/calls/kyc';
import { useQueryClient } from '@tanstack/react-query';
import { Steps, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/it-IT';
import { api } from '../../shared/api/api';
import { refreshLoginInfo } from '../../shared/session/session';
import { AddressStep } from './address-step';
import type { UploadedDocument } from './document-input';
import { DocumentStep } from './document-step';
import { fetchDocumentUrl } from './document-url';
import { clearDraft, loadDraft, saveDraft } from './draft-store';
import { ImagesStep } from './images-step';
import styles from './kyc.module.css';
import { type KycDraft, submissionOf } from './kyc-draft';
import { QuestionnaireForm } from './questionnaire-form';
import { ReviewStep } from './review-step';
import { StepButtons } from './step-buttons';

const stepTitles: MessageKey[] = [
  'kycPage.step.document',
  'kycPage.step.address',
  'kycPage.step.questionnaire',
  'kycPage.step.images',
  'kycPage.step.review',
];

/**
 * The five-step KYC form. The draft lives here, above the steps, so Back and Next (and Edit from the review)
 * keep every answer; `initial` prefills it after a failed review.
 */
export function KycForm({ userId, initial }: { userId: number; initial: KycDraft }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<KycDraft>(() => loadDraft(userId) ?? initial);
  const [submitting, setSubmitting] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  useEffect(() => saveDraft(userId, draft), [userId, draft]);

  // Stored documents (a resubmission, a reload) are shown once their bytes are fetched with the token.
  const frontUrl = draft.front?.preview === null && draft.front.kind !== 'pdf' ? draft.front.url : null;
  const backUrl = draft.back?.preview === null && draft.back.kind !== 'pdf' ? draft.back.url : null;
  useEffect(() => {
    for (const [side, url] of [
      ['front', frontUrl],
      ['back', backUrl],
    ] as const) {
      if (!url) continue;
      fetchDocumentUrl(url)
        .then((preview) =>
          setDraft((d) => (d[side]?.url === url ? { ...d, [side]: { ...d[side], preview } } : d)),
        )
        .catch(() => undefined);
    }
  }, [frontUrl, backUrl]);

  // Previews are released when they are replaced and when the form goes away.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    for (const doc of [draft.front, draft.back]) if (doc?.preview) previews.current.add(doc.preview);
  }, [draft.front, draft.back]);
  useEffect(() => {
    const held = previews.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
    };
  }, []);

  const go = (next: number) => {
    setStep(next);
    top.current?.scrollIntoView({ block: 'start' });
  };
  const merge = (values: Partial<KycDraft>, next: number) => {
    setDraft((d) => ({ ...d, ...values }));
    go(next);
  };
  const setSides = (sides: Partial<Pick<KycDraft, 'front' | 'back'>>) => {
    setDraft((d) => {
      for (const side of ['front', 'back'] as const) {
        const old: UploadedDocument | null = d[side];
        if (side in sides && old?.preview && old.preview !== sides[side]?.preview) {
          URL.revokeObjectURL(old.preview);
        }
      }
      return { ...d, ...sides };
    });
  };

  const submit = async (privacy: boolean) => {
    const params = submissionOf(draft, privacy);
    if (!params) return;
    setSubmitting(true);
    try {
      await api(kycSubmit, params);
      clearDraft();
      Toast.show({ content: t('kycPage.submitted') });
      await refreshLoginInfo({ silent: true }).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: [kycStatus.path] });
    } catch {
      // The wrapper showed the server's words (privacy box, an expired document…); the form stays.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div ref={top} className={styles.flow} data-testid="kyc-form">
      <Steps current={step} className={styles.steps}>
        {stepTitles.map((title) => (
          <Steps.Step key={title} title={t(title)} />
        ))}
      </Steps>
      <p className={styles.stepOf} data-testid="kyc-step">
        {t('kycPage.stepOf', { 0: step + 1, 1: stepTitles.length })} · {t(stepTitles[step] ?? stepTitles[0]!)}
      </p>
      {step === 0 && <DocumentStep draft={draft} onNext={(v) => merge(v, 1)} />}
      {step === 1 && <AddressStep draft={draft} onNext={(v) => merge(v, 2)} onBack={(v) => merge(v, 0)} />}
      {step === 2 && (
        <QuestionnaireForm
          name="kycQuestionnaire"
          initial={draft}
          onFinish={(v) => merge(v, 3)}
          footer={(answersSoFar) => <StepButtons onBack={() => merge(answersSoFar(), 1)} />}
        />
      )}
      {step === 3 && (
        <ImagesStep draft={draft} onChange={setSides} onNext={() => go(4)} onBack={() => go(2)} />
      )}
      {step === 4 && (
        <ReviewStep
          draft={draft}
          onEdit={go}
          onBack={() => go(3)}
          onSubmit={submit}
          submitting={submitting}
        />
      )}
    </div>
  );
}
