import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ruleMessage } from '../../shared/forms/rule-message';
import { DocumentInput } from './document-input';
import styles from './kyc.module.css';
import type { KycDraft } from './kyc-draft';
import { StepButtons } from './step-buttons';

type Sides = Pick<KycDraft, 'front' | 'back'>;

/** Step 4: the front and the back of the document, from the camera or a file. */
export function ImagesStep({
  draft,
  onChange,
  onNext,
  onBack,
}: {
  draft: KycDraft;
  onChange: (sides: Partial<Sides>) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  // The server's own words for a missing side.
  const present = (key: 'kyc.front' | 'kyc.back') => ({
    validator: async (_: unknown, v: unknown) => {
      if (!v) throw new Error(ruleMessage(key));
    },
  });
  return (
    <Form
      name="kycImages"
      layout="vertical"
      className={styles.form}
      initialValues={draft}
      onFinish={onNext}
      footer={<StepButtons onBack={onBack} />}
    >
      <Form.Header>
        <p className={styles.intro}>{t('kycPage.imagesIntro')}</p>
      </Form.Header>
      <Form.Item name="front" rules={[present('kyc.front')]}>
        <SideInput side="front" label={t('kycPage.front')} onSide={onChange} />
      </Form.Item>
      <Form.Item name="back" rules={[present('kyc.back')]}>
        <SideInput side="back" label={t('kycPage.back')} onSide={onChange} />
      </Form.Item>
    </Form>
  );
}

/** Binds one DocumentInput to its Form.Item and to the draft (so a side survives going back). */
function SideInput({
  side,
  label,
  onSide,
  value,
  onChange,
}: {
  side: 'front' | 'back';
  label: string;
  onSide: (sides: Partial<Sides>) => void;
  value?: KycDraft['front'];
  onChange?: (doc: KycDraft['front']) => void;
}) {
  return (
    <DocumentInput
      label={label}
      value={value ?? null}
      onChange={(doc) => {
        onChange?.(doc);
        onSide({ [side]: doc });
      }}
      testId={`kyc-${side}`}
    />
  );
}
