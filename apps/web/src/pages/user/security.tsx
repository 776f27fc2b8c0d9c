import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { KycLabel } from '../../shared/account/kyc-label';
import { paths } from '../../shared/navigation/paths';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';
import styles from './user.module.css';

/** The security centre: login password, transaction password, identity verification. */
export default function Security() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('security.title')}>
      <RequireSession>
        {(user) => (
          <List className={styles.list}>
            <List.Item
              onClick={() => navigate(paths.loginPassword)}
              extra={t('security.loginPasswordHint')}
              data-testid="security-login-password"
            >
              {t('security.loginPassword')}
            </List.Item>
            <List.Item
              onClick={() => navigate('/pages/user/tradePassword')}
              data-testid="security-trade-password"
            >
              {t('security.tradePassword')}
            </List.Item>
            <List.Item onClick={() => navigate(paths.kyc)} extra={<KycLabel status={user.idStatus} />}>
              {t('security.kyc')}
            </List.Item>
          </List>
        )}
      </RequireSession>
    </Page>
  );
}
