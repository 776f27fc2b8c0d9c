import { areaCodes } from '@piazza/core/area-codes';
import { formatDate } from '@piazza/core/format-date';
import { Button, Checkbox, Form, List } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentLanguage } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/it-IT';
import { paths } from '../../shared/navigation/paths';
import type { UploadedDocument } from './document-input';
import styles from './kyc.module.css';
import { dayEpochMs, type KycDraft, questionnaireFields } from './kyc-draft';
import { StepButtons } from './step-buttons';

/** Step 5: everything entered, each part with a way back to it, the privacy box and the submit. */
export function ReviewStep({
  draft,
  onEdit,
  onBack,
  onSubmit,
  submitting,
}: {
  draft: KycDraft;
  onEdit: (step: number) => void;
  onBack: () => void;
  onSubmit: (privacy: boolean) => void;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [privacy, setPrivacy] = useState(false);
  const day = (v?: string) => (v ? formatDate(dayEpochMs(v)) : '');
  const option = (field: string, v?: string) => (v ? t(`kycPage.${field}.${v}` as MessageKey) : '');

  const sections: { step: number; title: MessageKey; rows: [MessageKey, string][] }[] = [
    {
      step: 0,
      title: 'kycPage.step.document',
      rows: [
        ['kycPage.certType', option('certType', draft.certType)],
        ['kycPage.realName', draft.realName ?? ''],
        ['kycPage.certNo', draft.certNo ?? ''],
        ['kycPage.birthday', day(draft.birthday)],
        ['kycPage.nationality', areaCodes.find((a) => a.iso === draft.nationality)?.name[lang] ?? ''],
        ['kycPage.validUntil', day(draft.validUntil)],
      ],
    },
    { step: 1, title: 'kycPage.step.address', rows: [['kycPage.address', draft.address ?? '']] },
    {
      step: 2,
      title: 'kycPage.step.questionnaire',
      rows: questionnaireFields.map((f) => [`kycPage.${f}`, option(f, draft[f])]),
    },
  ];

  return (
    <Form
      name="kycReview"
      layout="vertical"
      className={styles.form}
      onFinish={() => onSubmit(privacy)}
      footer={
        <StepButtons
          onBack={onBack}
          nextText={t('kycPage.submit')}
          loading={submitting}
          nextTestId="kyc-submit"
        />
      }
    >
      <Form.Header>
        <p className={styles.intro}>{t('kycPage.review.intro')}</p>
      </Form.Header>
      {sections.map((section) => (
        <List
          key={section.step}
          header={
            <div className={styles.reviewHeader}>
              <span>{t(section.title)}</span>
              <Button
                size="mini"
                fill="none"
                color="primary"
                onClick={() => onEdit(section.step)}
                data-testid={`kyc-edit-${section.step}`}
              >
                {t('kycPage.review.edit')}
              </Button>
            </div>
          }
        >
          {section.rows.map(([label, value]) => (
            <List.Item key={label} extra={<span className={styles.reviewValue}>{value}</span>}>
              {t(label)}
            </List.Item>
          ))}
        </List>
      ))}
      <List
        header={
          <div className={styles.reviewHeader}>
            <span>{t('kycPage.step.images')}</span>
            <Button
              size="mini"
              fill="none"
              color="primary"
              onClick={() => onEdit(3)}
              data-testid="kyc-edit-3"
            >
              {t('kycPage.review.edit')}
            </Button>
          </div>
        }
      >
        <List.Item>
          <div className={styles.thumbs}>
            <Thumb doc={draft.front} label={t('kycPage.front')} />
            <Thumb doc={draft.back} label={t('kycPage.back')} />
          </div>
        </List.Item>
      </List>
      <div className={styles.privacy}>
        <Checkbox checked={privacy} onChange={setPrivacy} data-testid="kyc-privacy">
          <span>
            {t('kycPage.privacy')}
            <Link to={paths.privacyPolicy} onClick={(e) => e.stopPropagation()}>
              {t('kycPage.privacyLink')}
            </Link>
          </span>
        </Checkbox>
      </div>
    </Form>
  );
}

function Thumb({ doc, label }: { doc: UploadedDocument | null; label: string }) {
  const { t } = useTranslation();
  return (
    <figure className={styles.thumb}>
      {doc?.preview ? (
        <img src={doc.preview} alt={label} />
      ) : (
        <span className={styles.documentHint}>
          <FileOutline fontSize={24} />
          {doc?.kind === 'pdf' ? t('kycPage.pdf') : ''}
        </span>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
