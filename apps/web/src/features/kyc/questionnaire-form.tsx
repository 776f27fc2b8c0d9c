import { accountPurposes, assetRanges, fundSources, incomeRanges } from '@piazza/contract/kyc-fields';
import { experienceLevels, investmentObjectives, riskPreferences } from '@piazza/core/appropriateness';
import { Form } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/it-IT';
import { requiredRule } from '../../shared/forms/rule-message';
import styles from './kyc.module.css';
import type { Questionnaire, QuestionnaireField } from './kyc-draft';
import { ChoiceField } from './kyc-fields';

const questions: { [F in QuestionnaireField]: readonly Questionnaire[F][] } = {
  purpose: accountPurposes,
  fundSource: fundSources,
  incomeRange: incomeRanges,
  assetRange: assetRanges,
  objective: investmentObjectives,
  riskPreference: riskPreferences,
  experience: experienceLevels,
};

/**
 * The questionnaire (step 3 of KYC, and the appropriateness retake): purpose, source of funds, income and
 * assets, objective, risk preference, experience.
 */
export function QuestionnaireForm({
  initial,
  onFinish,
  footer,
  name,
}: {
  initial: Partial<Questionnaire>;
  onFinish: (answers: Questionnaire) => void;
  /** The buttons; given the answers so far, so that Back can keep them. */
  footer: (answersSoFar: () => Partial<Questionnaire>) => ReactNode;
  name: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<Questionnaire>>();
  const fields = Object.keys(questions) as QuestionnaireField[];
  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      className={styles.form}
      initialValues={initial}
      onFinish={(v: Questionnaire) => onFinish(v)}
      requiredMarkStyle="none"
      footer={footer(() => form.getFieldsValue())}
    >
      <Form.Header>
        <p className={styles.intro}>{t('kycPage.questionnaireIntro')}</p>
      </Form.Header>
      {fields.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`kycPage.${field}`)}
          rules={[requiredRule(t(`kycPage.${field}`))]}
        >
          <ChoiceField
            options={questions[field]}
            label={(o) => t(`kycPage.${field}.${o}` as MessageKey)}
            testId={`kyc-${field}`}
          />
        </Form.Item>
      ))}
    </Form>
  );
}
