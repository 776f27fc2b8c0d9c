import { commonServiceInfo } from '@piazza/contract/calls/service';
import { Button, Skeleton } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { paths } from '../../shared/navigation/paths';
import { loadServiceScript } from '../../shared/session/service-script';
import { useSession } from '../../shared/session/use-session';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import styles from './chat.module.css';
import { ChatScreen } from './chat-screen';

/**
 * Customer service, for `common/service`, `user/service` and their `serviceJs` twins (SPEC §2, §7, decision
 * 039). When the operator configured an external chat script (login info's serviceSaleSmartly) the page loads
 * it and the built-in chat hides: the script shows its own button. Otherwise the built-in chat, for a signed-in
 * investor; a guest is asked to sign in. Test ids: `service-external`, `service-guest`.
 */
export function ServiceScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const info = useApiQuery(commonServiceInfo, {}, { staleTime: 60_000 });
  const scriptUrl = info.data?.scriptUrl ?? '';

  useEffect(() => {
    if (scriptUrl) loadServiceScript(scriptUrl);
  }, [scriptUrl]);

  let body: ReactNode;
  if (info.isPending) body = <Skeleton.Paragraph lineCount={4} animated />;
  else if (info.isError) body = <LoadFailed onRetry={() => void info.refetch()} />;
  else if (scriptUrl)
    body = (
      <Card testId="service-external">
        <p className={styles.note}>{t('service.external')}</p>
      </Card>
    );
  else if (!signedIn)
    body = (
      <Card testId="service-guest">
        <p className={styles.note}>{t('service.guest')}</p>
        <Button color="primary" block onClick={() => navigate(paths.login)}>
          {t('service.signIn')}
        </Button>
      </Card>
    );
  else body = <ChatScreen />;

  return <Page title={t('service.title')}>{body}</Page>;
}
