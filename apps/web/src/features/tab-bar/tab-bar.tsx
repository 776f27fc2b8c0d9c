import { AppOutline, CompassOutline, HistogramOutline, PieOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styles from './tab-bar.module.css';
import { type TabKey, tabs } from './tabs';

const icons: Record<TabKey, ReactNode> = {
  home: <AppOutline />,
  position: <HistogramOutline />,
  robot: <CompassOutline />,
  assets: <PieOutline />,
  mine: <UserOutline />,
};

/** The bottom tab bar (SPEC §2): black, grey labels, white for the current tab, 50 px high. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className={styles.bar} aria-label={t('app.name')}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.path}
          replace
          className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}
          data-testid={`tab-${tab.key}`}
          data-focus-ring="light"
        >
          {icons[tab.key]}
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
