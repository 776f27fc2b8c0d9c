import { appropriatenessRetake, kycStatus } from '@piazza/contract/calls/kyc';
import type { CallOutput } from '@piazza/contract/define';
import { formatDate } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List, Popup, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { Card } from '../../shared/ui/card';
import styles from './kyc.module.css';
import type { Questionnaire } from './kyc-draft';
import { QuestionnaireForm } from './questionnaire-form';
import { StepButtons } from './step-buttons';

type Profile = NonNullable<CallOutput<typeof kycStatus>['profile']>;

const verdictColors = { fit: 'success', warn: 'warning', refuse: 'danger' } as const;

/** The appropriateness profile: what each product class means for this investor, and a retake. */
export function ProfileCard({
  profile,
  answers,
}: {
  profile: Profile | null;
  answers: Partial<Questionnaire>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [retaking, setRetaking] = useState(false);
  const [saving, setSaving] = useState(false);

  const retake = async (values: Questionnaire) => {
    setSaving(true);
    try {
      await api(appropriatenessRetake, values);
      Toast.show({ content: t('kycPage.profile.saved') });
      setRetaking(false);
      await queryClient.invalidateQueries({ queryKey: [kycStatus.path] });
    } catch {
      // Shown by the wrapper; the questionnaire stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('kycPage.profile.title')} testId="kyc-profile">
      {profile ? (
        <>
          <p className={styles.muted}>
            {t(`kycPage.experience.${profile.experience}`)} ·{' '}
            {t(`kycPage.riskPreference.${profile.riskPreference}`)} ·{' '}
            {t(`kycPage.objective.${profile.objective}`)}
          </p>
          <List className={styles.verdicts}>
            {profile.products.map((p) => (
              <List.Item
                key={p.product}
                extra={
                  <Tag color={verdictColors[p.verdict]} data-testid={`kyc-verdict-${p.product}`}>
                    {t(`kycPage.verdict.${p.verdict}`)}
                  </Tag>
                }
              >
                {t(`kycPage.product.${p.product}`)}
              </List.Item>
            ))}
          </List>
          <p className={styles.muted}>{t('kycPage.profile.takenAt', { 0: formatDate(profile.takenAt) })}</p>
        </>
      ) : (
        <p className={styles.muted}>{t('kycPage.profile.none')}</p>
      )}
      <Button block onClick={() => setRetaking(true)} data-testid="kyc-retake">
        {t('kycPage.profile.retake')}
      </Button>
      <Popup
        visible={retaking}
        onMaskClick={() => setRetaking(false)}
        bodyStyle={{
          maxHeight: '90vh',
          overflowY: 'auto',
          borderTopLeftRadius: 12,
          borderTopRightRadius: 12,
        }}
      >
        <h2 className={styles.popupTitle}>{t('kycPage.profile.retakeTitle')}</h2>
        {retaking && (
          <QuestionnaireForm
            name="kycRetake"
            initial={answers}
            onFinish={retake}
            footer={() => (
              <StepButtons
                onBack={() => setRetaking(false)}
                nextText={t('kycPage.profile.save')}
                loading={saving}
                nextTestId="kyc-retake-save"
              />
            )}
          />
        )}
      </Popup>
    </Card>
  );
}
