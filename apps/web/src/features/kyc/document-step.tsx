import { certTypes } from '@piazza/contract/kyc-fields';
import { Form, Input } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../shared/forms/rule-message';
import styles from './kyc.module.css';
import { addYears, type KycDraft } from './kyc-draft';
import { ChoiceField, CountryField, DateField } from './kyc-fields';
import { StepButtons } from './step-buttons';

type DocumentValues = Pick<
  KycDraft,
  'certType' | 'realName' | 'certNo' | 'birthday' | 'nationality' | 'validUntil'
>;

/** Step 1: the identity document and the facts on it. */
export function DocumentStep({
  draft,
  onNext,
}: {
  draft: KycDraft;
  onNext: (values: DocumentValues) => void;
}) {
  const { t } = useTranslation();
  const bounds = useMemo(() => {
    const today = new Date();
    return {
      // The server refuses anyone under 18; the wheel does not offer those days.
      birthdayMin: addYears(today, -110),
      birthdayMax: addYears(today, -18),
      birthdayStart: addYears(today, -35),
      validMin: today,
      validMax: addYears(today, 30),
      validStart: addYears(today, 5),
    };
  }, []);

  return (
    <Form
      name="kycDocument"
      layout="vertical"
      className={styles.form}
      initialValues={draft}
      onFinish={(v: DocumentValues) => onNext(v)}
      requiredMarkStyle="none"
      footer={<StepButtons />}
    >
      <Form.Item name="certType" label={t('kycPage.certType')} rules={[requiredRule(t('kycPage.certType'))]}>
        <ChoiceField options={certTypes} label={(o) => t(`kycPage.certType.${o}`)} testId="kyc-cert-type" />
      </Form.Item>
      <Form.Item name="realName" label={t('kycPage.realName')} rules={[requiredRule(t('kycPage.realName'))]}>
        <Input
          placeholder={t('kycPage.realNamePlaceholder')}
          autoComplete="name"
          maxLength={100}
          clearable
          data-testid="kyc-real-name"
        />
      </Form.Item>
      <Form.Item name="certNo" label={t('kycPage.certNo')} rules={[requiredRule(t('kycPage.certNo'))]}>
        <Input
          placeholder={t('kycPage.certNoPlaceholder')}
          maxLength={30}
          clearable
          data-testid="kyc-cert-no"
        />
      </Form.Item>
      <Form.Item name="birthday" label={t('kycPage.birthday')} rules={[requiredRule(t('kycPage.birthday'))]}>
        <DateField
          title={t('kycPage.birthday')}
          min={bounds.birthdayMin}
          max={bounds.birthdayMax}
          start={bounds.birthdayStart}
          testId="kyc-birthday"
        />
      </Form.Item>
      <Form.Item
        name="nationality"
        label={t('kycPage.nationality')}
        rules={[requiredRule(t('kycPage.nationality'))]}
      >
        <CountryField title={t('kycPage.nationality')} testId="kyc-nationality" />
      </Form.Item>
      <Form.Item
        name="validUntil"
        label={t('kycPage.validUntil')}
        rules={[requiredRule(t('kycPage.validUntil'))]}
      >
        <DateField
          title={t('kycPage.validUntil')}
          min={bounds.validMin}
          max={bounds.validMax}
          start={bounds.validStart}
          testId="kyc-valid-until"
        />
      </Form.Item>
    </Form>
  );
}
