import { Form, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../shared/forms/rule-message';
import styles from './kyc.module.css';
import type { KycDraft } from './kyc-draft';
import { StepButtons } from './step-buttons';

/** Step 2: where the person lives. */
export function AddressStep({
  draft,
  onNext,
  onBack,
}: {
  draft: KycDraft;
  onNext: (values: Pick<KycDraft, 'address'>) => void;
  /** Back keeps what was typed here, even unfinished. */
  onBack: (values: Pick<KycDraft, 'address'>) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Pick<KycDraft, 'address'>>();
  return (
    <Form
      form={form}
      name="kycAddress"
      layout="vertical"
      className={styles.form}
      initialValues={draft}
      onFinish={(v: Pick<KycDraft, 'address'>) => onNext({ address: v.address?.trim() })}
      requiredMarkStyle="none"
      footer={<StepButtons onBack={() => onBack(form.getFieldsValue())} />}
    >
      <Form.Item
        name="address"
        label={t('kycPage.address')}
        help={t('kycPage.addressHint')}
        rules={[requiredRule(t('kycPage.address'))]}
      >
        <TextArea
          placeholder={t('kycPage.addressPlaceholder')}
          autoComplete="street-address"
          rows={3}
          maxLength={200}
          showCount
          data-testid="kyc-address"
        />
      </Form.Item>
    </Form>
  );
}
