import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBack } from '../navigation/use-back';
import { NavButton } from './nav-button';
import styles from './page.module.css';
import { takePageFocus } from './page-focus';

interface PageProps {
  title: string;
  /** What sits left of the title: the back arrow by default; tab pages pass their menu button or nothing. */
  left?: ReactNode | 'back';
  right?: ReactNode;
  /** Content without the default padding (full-width headers and lists). */
  flush?: boolean;
  children: ReactNode;
}

/** A page: its own navigation bar (title, back arrow) over the light grey background (SPEC §2). */
export function Page({ title, left = 'back', right, flush = false, children }: PageProps) {
  const { t } = useTranslation();
  const back = useBack();
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => takePageFocus(heading.current, root.current), []);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div className={styles.page} ref={root}>
      <header className={styles.bar}>
        <div className={styles.side}>
          {left === 'back' ? (
            <NavButton label={t('common.back')} onClick={back} testId="nav-back">
              <LeftOutline />
            </NavButton>
          ) : (
            left
          )}
        </div>
        <h1 className={styles.title} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <div className={styles.side}>{right}</div>
      </header>
      <main id="main" tabIndex={-1} className={flush ? styles.flush : styles.body}>
        {children}
      </main>
    </div>
  );
}
