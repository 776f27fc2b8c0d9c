import { coinWithdrawAddressGenerate, indexBankTmpl } from '@piazza/contract/calls/funding';
import { type CryptoNetwork, cryptoNetworks } from '@piazza/contract/enums';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { networkNames } from '../../features/wallet/network-names';
import styles from '../../features/wallet/wallet.module.css';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useBack } from '../../shared/navigation/use-back';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

interface Values {
  network: CryptoNetwork[];
  address: string;
  label?: string;
}

/**
 * Bind a crypto withdrawal address: the network (BTC, ERC-20, TRC-20), the address and an optional label.
 * The server checks the address by its network's format and checksum and names what is wrong.
 */
export default function AddAdress() {
  const { t } = useTranslation();
  return (
    <Page title={t('wallet.addAddress.title')}>
      <RequireSession>{() => <AddressForm />}</RequireSession>
    </Page>
  );
}

function AddressForm() {
  const { t } = useTranslation();
  const back = useBack();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const template = useApiQuery(indexBankTmpl, {}, { staleTime: 300_000 });
  const networks = template.data?.networks ?? cryptoNetworks;

  const submit = async (values: Values) => {
    const network = values.network[0];
    if (!network) return;
    setSubmitting(true);
    try {
      await api(coinWithdrawAddressGenerate, {
        network,
        address: values.address.trim(),
        label: values.label?.trim() || undefined,
      });
      await queryClient.invalidateQueries({ queryKey: ['/coin/withdraw/address'] });
      Toast.show({ content: t('wallet.bound') });
      back();
    } catch {
      // The wrapper showed the refusal (an address that does not fit the network).
    }
    setSubmitting(false);
  };

  return (
    <>
      <p className={styles.intro}>{t('wallet.addAddress.intro')}</p>
      <Form
        name="addAddress"
        form={form}
        layout="vertical"
        className={styles.form}
        onFinish={submit}
        requiredMarkStyle="none"
        initialValues={{ network: ['TRC20'] }}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={submitting}
            data-testid="addaddress-submit"
          >
            {t('wallet.addAddress.submit')}
          </Button>
        }
      >
        <Form.Item
          name="network"
          label={t('wallet.field.network')}
          rules={[{ required: true, message: t('wallet.required', { 0: t('wallet.field.network') }) }]}
        >
          <Selector
            columns={3}
            options={networks.map((n) => ({ label: networkNames[n], value: n }))}
            data-testid="addaddress-network"
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('wallet.field.cryptoAddress')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('wallet.required', { 0: t('wallet.field.cryptoAddress') }),
            },
          ]}
        >
          <Input
            placeholder={t('wallet.placeholder.cryptoAddress')}
            autoComplete="off"
            data-testid="addaddress-address"
          />
        </Form.Item>
        <Form.Item name="label" label={`${t('wallet.field.label')} ${t('common.optional')}`}>
          <Input placeholder={t('wallet.placeholder.label')} maxLength={50} data-testid="addaddress-label" />
        </Form.Item>
      </Form>
    </>
  );
}
