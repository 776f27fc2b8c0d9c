import { userLoan } from '@piazza/contract/calls/lending';
import { employmentStatuses } from '@piazza/contract/calls/lending-shapes';
import type { CallOutput } from '@piazza/contract/define';
import { translate } from '@piazza/contract/messages/catalogue';
import { Button, Skeleton, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { readPersisted, usePersisted, writePersisted } from '../../shared/storage/persisted';
import { DecimalField } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './lending.module.css';
import { lendingPaths } from './lending-calls';
import { formFromDraft, type LoanField, type LoanForm, readDraft, readLoanForm } from './loan-draft';
import { rateFor, rateText } from './loan-figures';

type Terms = CallOutput<typeof userLoan>;

/**
 * loan/writeInfo: the application's facts (amount within the limit, days within the longest term, purpose,
 * monthly income, employment), checked as the server checks them; Next keeps the draft in `loanData` and
 * opens loan/apply with its SECCI. Test ids: `loan-amount-input`, `loan-days-input`, `loan-purpose-input`,
 * `loan-income-input`, `loan-employment-{status}`, `loan-next`, `loan-{field}-problem`.
 */
export function LoanApplicationForm({ terms }: { terms: Terms }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const [form, setForm] = useState<LoanForm>(() => formFromDraft(readDraft(readPersisted('loanData')), lang));
  // Problems of empty fields show once Next was pressed; a field typed in shows its own at once.
  const [tried, setTried] = useState(false);
  const reading = readLoanForm(form, lang, terms);
  const money = (amount: string) => moneyText(amount, terms.currency, lang);
  const days = Number.parseInt(form.days, 10);
  const tan = Number.isFinite(days) && days >= 1 ? rateFor(terms.rates, days) : null;

  const set = (field: keyof LoanForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const problem = (field: LoanField) => {
    const p = reading.problems[field];
    const typed = field === 'employment' ? form.employment !== null : form[field].trim() !== '';
    return p && (tried || typed) ? translate(lang, p.key, p.params) : null;
  };
  const hint = (field: LoanField, text?: string) => {
    const p = problem(field);
    if (p) return { text: p, error: true, testId: `loan-${field}-problem` };
    return text ? { text } : undefined;
  };

  const next = () => {
    setTried(true);
    if (!reading.draft) return;
    writePersisted('loanData', reading.draft);
    navigate(lendingPaths.apply);
  };

  return (
    <Card title={t('lending.form.title')} testId="loan-form">
      <DecimalField
        id="loan-amount-input"
        label={t('lending.form.amount', { 0: terms.currency })}
        value={form.amount}
        onChange={set('amount')}
        placeholder={t('lending.form.amountPlaceholder')}
        hint={hint('amount', t('lending.form.amountHint', { 0: money(terms.limit) }))}
      />
      <DecimalField
        id="loan-days-input"
        label={t('lending.form.days')}
        value={form.days}
        onChange={set('days')}
        placeholder={t('lending.form.daysPlaceholder', { 0: terms.maxDays })}
        hint={hint(
          'days',
          tan
            ? t('lending.form.daysRate', { 0: rateText(tan, lang) })
            : t('lending.form.daysHint', { 0: terms.maxDays }),
        )}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor="loan-purpose-input">
          {t('lending.form.purpose')}
        </label>
        <TextArea
          className={styles.textarea}
          id="loan-purpose-input"
          rows={2}
          maxLength={200}
          value={form.purpose}
          onChange={set('purpose')}
          placeholder={t('lending.form.purposePlaceholder')}
          data-testid="loan-purpose-input"
        />
        {problem('purpose') && (
          <span className={styles.problem} data-testid="loan-purpose-problem">
            {problem('purpose')}
          </span>
        )}
      </div>
      <DecimalField
        id="loan-income-input"
        label={t('lending.form.income', { 0: terms.currency })}
        value={form.income}
        onChange={set('income')}
        placeholder={t('lending.form.incomePlaceholder')}
        hint={hint('income')}
      />
      <div className={styles.field}>
        <span className={styles.label}>{t('lending.form.employment')}</span>
        <div className={styles.chips}>
          {employmentStatuses.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={form.employment === status}
              className={form.employment === status ? styles.chipOn : styles.chip}
              onClick={() => setForm((f) => ({ ...f, employment: status }))}
              data-testid={`loan-employment-${status}`}
            >
              {t(`lending.employment.${status}`)}
            </button>
          ))}
        </div>
        {problem('employment') && (
          <span className={styles.problem} data-testid="loan-employment-problem">
            {problem('employment')}
          </span>
        )}
      </div>
      <p className={listing.note}>{t('lending.form.note')}</p>
      <div className={styles.actions}>
        <Button block color="primary" onClick={next} data-testid="loan-next">
          {t('lending.form.next')}
        </Button>
      </div>
    </Card>
  );
}

/** loan/writeInfo's content: the form, or why no application can be made now (an open loan, no limit). */
export function WriteInfoScreen() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const terms = useApiQuery(userLoan, {}, { staleTime: 0 });
  if (terms.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (terms.isError) return <LoadFailed onRetry={() => void terms.refetch()} />;
  const { open, limit, rates } = terms.data;
  const blocked = open
    ? translate(lang, 'loan.open')
    : Number(limit) <= 0
      ? translate(lang, 'loan.noLimit')
      : rates.length === 0
        ? translate(lang, 'loan.noRates')
        : null;
  if (blocked) {
    return (
      <Card>
        <p className={styles.error} data-testid="loan-form-blocked">
          {blocked}
        </p>
        <div className={styles.actions}>
          <Button block onClick={() => navigate(lendingPaths.overview)} data-testid="loan-to-overview">
            {t('lending.title')}
          </Button>
        </div>
      </Card>
    );
  }
  return <LoanApplicationForm terms={terms.data} />;
}
