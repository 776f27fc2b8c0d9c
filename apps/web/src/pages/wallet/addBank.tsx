import { bankAdd, indexBankTmpl } from '@piazza/contract/calls/funding';
import type { BankFieldName } from '@piazza/core/bank-fields';
import { bankFieldsFor, ibanCountry } from '@piazza/core/bank-fields';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styles from '../../features/wallet/wallet.module.css';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useBack } from '../../shared/navigation/use-back';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

type Values = Partial<Record<BankFieldName | 'walletType' | 'mobile', string | string[]>>;

/**
 * Bind a bank account (the fields of SPEC §3; the server checks the IBAN's checksum and the BIC's format and
 * names the field it refuses) or, with ?kind=wallet, a wallet (type, beneficiary, mobile).
 */
export default function AddBank() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind = params.get('kind') === 'wallet' ? 'wallet' : 'bank';
  return (
    <Page title={t(kind === 'wallet' ? 'wallet.addWallet.title' : 'wallet.addBank.title')}>
      <RequireSession>{() => <BindingForm kind={kind} />}</RequireSession>
    </Page>
  );
}

function BindingForm({ kind }: { kind: 'bank' | 'wallet' }) {
  const { t } = useTranslation();
  const back = useBack();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const template = useApiQuery(indexBankTmpl, {}, { staleTime: 300_000 });
  // The fields follow the IBAN's country as it is typed: an Italian account asks for the holder and the
  // IBAN, a Brazilian one for the BIC and the CPF/CNPJ too (decision 047); the server keeps the same rule.
  const typedIban = Form.useWatch('iban', form);
  const bankFields = bankFieldsFor(ibanCountry(typeof typedIban === 'string' ? typedIban : ''));
  const walletTypes = template.data?.walletTypes ?? [];

  const submit = async (values: Values) => {
    const text = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
    setSubmitting(true);
    try {
      const base = { kind, name: text(values.name) ?? '' };
      const input =
        kind === 'wallet'
          ? { ...base, walletType: text(values.walletType), mobile: text(values.mobile) }
          : {
              ...base,
              ...Object.fromEntries(
                bankFields.filter((f) => f.name !== 'name').map((f) => [f.name, text(values[f.name])]),
              ),
              // Typed with spaces as printed on a card or a statement; the wire takes the electronic form.
              iban: text(values.iban)?.replace(/\s+/g, '').toUpperCase(),
              bic: text(values.bic)?.toUpperCase(),
            };
      await api(bankAdd, input);
      await queryClient.invalidateQueries({ queryKey: ['/bank/list'] });
      Toast.show({ content: t('wallet.bound') });
      back();
    } catch {
      // The wrapper showed the refusal (bad IBAN, bad BIC, a missing field), naming the field.
    } finally {
      setSubmitting(false);
    }
  };

  const requiredRule = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('wallet.required', { 0: label }),
  });

  return (
    <>
      <p className={styles.intro}>
        {t(kind === 'wallet' ? 'wallet.addWallet.intro' : 'wallet.addBank.intro')}
      </p>
      <Form
        name="addBank"
        form={form}
        layout="vertical"
        className={styles.form}
        onFinish={submit}
        requiredMarkStyle="none"
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={submitting}
            data-testid="addbank-submit"
          >
            {t('wallet.addBank.submit')}
          </Button>
        }
      >
        {kind === 'wallet' ? (
          <>
            <Form.Item
              name="walletType"
              label={t('wallet.field.walletType')}
              // A Selector's value is an array: the text rule's whitespace check would refuse any choice.
              rules={[{ required: true, message: t('wallet.required', { 0: t('wallet.field.walletType') }) }]}
            >
              <Selector
                columns={2}
                options={walletTypes.map((w) => ({ label: w, value: w }))}
                data-testid="addbank-walletType"
              />
            </Form.Item>
            <Form.Item
              name="name"
              label={t('wallet.field.beneficiary')}
              rules={[requiredRule(t('wallet.field.beneficiary'))]}
            >
              <Input autoComplete="name" data-testid="addbank-name" />
            </Form.Item>
            <Form.Item
              name="mobile"
              label={t('wallet.field.mobile')}
              rules={[requiredRule(t('wallet.field.mobile'))]}
            >
              <Input type="tel" autoComplete="tel" data-testid="addbank-mobile" />
            </Form.Item>
          </>
        ) : (
          bankFields.map(({ name, required: isRequired }) => {
            const label = t(`wallet.field.${name}`);
            return (
              <Form.Item
                key={name}
                name={name}
                label={isRequired ? label : `${label} ${t('common.optional')}`}
                rules={isRequired ? [requiredRule(label)] : []}
              >
                <Input
                  placeholder={t(`wallet.placeholder.${name}`)}
                  autoComplete={name === 'name' ? 'name' : 'off'}
                  // IBAN and BIC are upper-case codes; a phone keyboard should not capitalise words in them.
                  autoCapitalize={name === 'iban' || name === 'bic' ? 'characters' : undefined}
                  data-testid={`addbank-${name}`}
                />
              </Form.Item>
            );
          })
        )}
      </Form>
    </>
  );
}
