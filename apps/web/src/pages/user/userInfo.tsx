import { updateUser } from '@piazza/contract/calls/identity';
import { formatDate } from '@piazza/core/format-date';
import { Dialog, Input, List, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CreditScoreValue } from '../../features/lending/credit-score-value';
import { AccountId } from '../../shared/account/account-id';
import { KycLabel } from '../../shared/account/kyc-label';
import { api } from '../../shared/api/api';
import { ruleMessage } from '../../shared/forms/rule-message';
import { paths } from '../../shared/navigation/paths';
import { RequireSession } from '../../shared/session/require-session';
import { refreshLoginInfo } from '../../shared/session/session';
import type { StoredUser } from '../../shared/session/stored-user';
import { writePersisted } from '../../shared/storage/persisted';
import { copyText } from '../../shared/ui/copy-text';
import { Page } from '../../shared/ui/page';
import styles from './user.module.css';

/** The same bounds as the server's nickname rule, counted in characters as a person counts them. */
function checkNickname(value: string): 'nickname.length' | null {
  const length = [...value.trim()].length;
  return length >= 1 && length <= 30 ? null : 'nickname.length';
}

/** The user's own details: account, nickname (editable), id, email, KYC status, profile, credit score, invite code. */
export default function UserInfo() {
  const { t } = useTranslation();
  useEffect(() => {
    refreshLoginInfo({ silent: true }).catch(() => undefined);
  }, []);
  return (
    <Page title={t('userInfo.title')}>
      <RequireSession>{(user) => <Details user={user} />}</RequireSession>
    </Page>
  );
}

function Details({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | null>(null);

  const startEditing = () => {
    setNickname(user.nickname ?? '');
    setError(null);
    setEditing(true);
  };

  const save = async () => {
    const failure = checkNickname(nickname);
    if (failure) {
      setError(ruleMessage(failure));
      return;
    }
    try {
      const updated = await api(updateUser, { nickname: nickname.trim() });
      writePersisted('userInfo', updated.user);
      setEditing(false);
      Toast.show({ content: t('userInfo.saved') });
    } catch {
      // Shown by the wrapper; the dialog stays open with what was typed.
    }
  };

  return (
    <>
      <List className={styles.list}>
        <List.Item extra={<span className={styles.value}>{user.account}</span>}>
          {t('userInfo.account')}
        </List.Item>
        <List.Item
          onClick={startEditing}
          extra={<span className={styles.value}>{user.nickname || t('common.notSet')}</span>}
          data-testid="userinfo-nickname"
        >
          {t('userInfo.nickname')}
        </List.Item>
        <List.Item extra={<AccountId displayId={user.displayId} testIdPrefix="userinfo" withLabel={false} />}>
          {t('userInfo.id')}
        </List.Item>
        <List.Item
          onClick={() => navigate(paths.security)}
          extra={<span className={styles.value}>{user.email ?? t('sec.email.notBound')}</span>}
          data-testid="userinfo-email"
        >
          {t('sec.email')}
        </List.Item>
        <List.Item
          onClick={() => navigate(paths.kyc)}
          extra={<KycLabel status={user.idStatus} testId="userinfo-kyc" />}
        >
          {t('userInfo.kyc')}
        </List.Item>
        <List.Item onClick={() => navigate(paths.kyc)} data-testid="userinfo-profile">
          {t('sec.profile')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/user/creditScore')}
          extra={<CreditScoreValue className={styles.value} />}
          data-testid="userinfo-credit-score"
        >
          {t('sec.creditScore')}
        </List.Item>
        <List.Item
          onClick={() => void copyText(user.inviteCode)}
          extra={<span className={styles.value}>{user.inviteCode}</span>}
          data-testid="userinfo-invite-code"
        >
          {t('userInfo.inviteCode')}
        </List.Item>
        <List.Item extra={<span className={styles.value}>{formatDate(user.createdAt)}</span>}>
          {t('userInfo.registeredAt')}
        </List.Item>
      </List>
      <Dialog
        visible={editing}
        title={t('userInfo.editNickname')}
        onClose={() => setEditing(false)}
        content={
          <div>
            <Input
              value={nickname}
              onChange={(v) => {
                setNickname(v);
                setError(null);
              }}
              placeholder={t('userInfo.nicknamePlaceholder')}
              maxLength={30}
              clearable
              aria-label={t('userInfo.nickname')}
              data-testid="userinfo-nickname-input"
            />
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: () => setEditing(false) },
            { key: 'save', text: t('common.save'), bold: true, onClick: save },
          ],
        ]}
      />
    </>
  );
}
