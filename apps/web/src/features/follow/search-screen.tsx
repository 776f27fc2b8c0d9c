import { fundManagerInfo, fundManagerSearch } from '@piazza/contract/calls/fund';
import type { ManagerView } from '@piazza/contract/calls/fund-shapes';
import { pageSizeMax } from '@piazza/contract/wire';
import { Button, SearchBar, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import productStyles from '../../shared/ui/products.module.css';
import styles from './follow.module.css';
import { followPaths } from './follow-calls';
import { FundCard } from './fund-card';
import { ManagerCard } from './manager-card';

/** Typing pauses this long before a search is sent. */
const typingPauseMs = 300;

/**
 * The fund managers whose name holds the text typed (all of them before any), most liked first, each with
 * their likes and the way to their funds.
 */
export function SearchScreen() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [size, setSize] = useState(20);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(text.trim());
      setSize(20);
    }, typingPauseMs);
    return () => window.clearTimeout(timer);
  }, [text]);
  const managers = useApiQuery(
    fundManagerSearch,
    { size, ...(q === '' ? {} : { q }) },
    { staleTime: 0, placeholderData: (previous) => previous },
  );
  return (
    <>
      <div className={styles.searchBox}>
        <SearchBar
          value={text}
          onChange={setText}
          onSearch={(value) => setQ(value.trim())}
          placeholder={t('follow.searchPlaceholder')}
          maxLength={60}
          data-testid="manager-search"
        />
      </div>
      <div className={productStyles.list}>
        {managers.isError ? (
          <LoadFailed onRetry={() => void managers.refetch()} />
        ) : !managers.data ? (
          <Skeleton.Paragraph lineCount={8} animated />
        ) : managers.data.list.length === 0 ? (
          <p className={listing.empty} data-testid="managers-empty">
            {q === '' ? t('follow.noManagers') : t('follow.noManagersFor', { 0: q })}
          </p>
        ) : (
          <>
            {managers.data.list.map((m) => (
              <ManagerCard key={m.id} manager={m}>
                <ManagerFunds manager={m} />
              </ManagerCard>
            ))}
            {managers.data.total > managers.data.list.length && size < pageSizeMax && (
              <Button
                block
                onClick={() => setSize((n) => Math.min(n + 20, pageSizeMax))}
                data-testid="managers-more"
              >
                {t('follow.more')}
              </Button>
            )}
          </>
        )}
      </div>
    </>
  );
}

/** A manager's funds, read when asked for (manager info), each opening the fund. */
function ManagerFunds({ manager }: { manager: ManagerView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const info = useApiQuery(fundManagerInfo, { id: manager.id }, { enabled: open });
  if (!open) {
    return (
      <div className={productStyles.actions}>
        <Button
          block
          fill="outline"
          color="primary"
          disabled={manager.funds === 0}
          onClick={() => setOpen(true)}
          data-testid={`manager-funds-${manager.id}`}
        >
          {t('follow.seeFunds', { 0: manager.funds })}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.managerFunds} data-testid={`manager-fund-list-${manager.id}`}>
      {info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : !info.data ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : info.data.funds.length === 0 ? (
        <p className={listing.note}>{t('follow.noActiveFunds')}</p>
      ) : (
        info.data.funds.map((f) => (
          <FundCard
            key={f.id}
            fund={f}
            photoUrl={manager.photoUrl}
            onOpen={() => navigate(followPaths.detail(f.id))}
          />
        ))
      )}
    </div>
  );
}
