import { Button, Skeleton } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DrawerButton } from '../../features/drawer/drawer-button';
import { greeting as greetingOf } from '../../features/home/greeting';
import { homeEntries } from '../../features/home/home-entries';
import { PortfolioCard } from '../../features/home/portfolio-card';
import { HomeBanners } from '../../features/news/home-banners';
import { SystemNoticeDialog } from '../../features/notices/system-notice-dialog';
import { PortfolioFigures } from '../../features/portfolio/portfolio-figures';
import { paths } from '../../shared/navigation/paths';
import { NoticeUnreadBadge } from '../../shared/notices/unread-notices';
import { ServiceUnreadBadge } from '../../shared/service/service-unread';
import { useSession } from '../../shared/session/use-session';
import { Card } from '../../shared/ui/card';
import { LazyBlock } from '../../shared/ui/lazy-block';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';
import styles from './home.module.css';

// The market widgets come as their own chunk: the greeting and entries must not wait for them.
const loadHomeMarkets = () => import('../../features/market/home-markets');

/** The home tab: a greeting, the indices and the hot list with live prices, and the service entries. */
export default function Home() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn, user } = useSession();
  const hello = signedIn && user ? greetingOf(new Date().getHours(), user.nickname) : null;
  const greeting = hello ? t(hello.key, { 0: hello.name }) : t('home.greeting.guest');

  return (
    <Page
      title={t('home.title')}
      left={<DrawerButton />}
      right={
        <NavButton label={t('lang.title')} onClick={() => navigate(paths.lang)} testId="home-lang">
          <GlobalOutline />
        </NavButton>
      }
    >
      <div className={styles.hero}>
        <p className={styles.greeting} data-testid="home-greeting">
          {greeting}
        </p>
        {!signedIn && (
          <>
            <p className={styles.prompt}>{t('home.guestPrompt')}</p>
            <div className={styles.buttons}>
              <Button onClick={() => navigate(paths.login)} data-testid="home-login">
                {t('home.login')}
              </Button>
              <Button
                fill="outline"
                className={styles.ghost}
                onClick={() => navigate(paths.register)}
                data-testid="home-register"
              >
                {t('home.register')}
              </Button>
            </div>
          </>
        )}
      </div>
      {signedIn && user && (
        <PortfolioCard user={user}>
          <PortfolioFigures />
        </PortfolioCard>
      )}
      <HomeBanners />
      <SystemNoticeDialog />
      <LazyBlock
        load={loadHomeMarkets}
        fallback={<Skeleton.Paragraph className={styles.marketsLoading} lineCount={6} animated />}
      />
      <Card title={t('home.entries')}>
        <div className={styles.grid}>
          {homeEntries.map((entry) => (
            <button
              key={entry.key}
              type="button"
              className={styles.entry}
              onClick={() => navigate(entry.needsLogin && !signedIn ? paths.login : entry.to)}
              data-testid={`home-entry-${entry.key}`}
            >
              <span className={styles.icon}>
                {entry.key === 'service' ? (
                  <ServiceUnreadBadge>{entry.icon}</ServiceUnreadBadge>
                ) : entry.key === 'notice' ? (
                  <NoticeUnreadBadge>{entry.icon}</NoticeUnreadBadge>
                ) : (
                  entry.icon
                )}
              </span>
              {t(entry.label)}
            </button>
          ))}
        </div>
      </Card>
    </Page>
  );
}
