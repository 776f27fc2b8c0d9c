import {
  adminBannerSave,
  adminBanners,
  adminBannerWithdraw,
} from '@piazza/contract/calls/content-news-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { FormActions } from '../../shared/form-actions';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { useMe } from '../../shared/use-me';
import { BothLanguages } from './both-languages';
import { ImageField } from './image-field';
import styles from './news.module.css';
import { instantOf, localInput, PublishWindow } from './publish-window';

type Banner = CallOutput<typeof adminBanners>['list'][number];
const key = ['admin-banners'];

function BannerForm({ banner, onDone }: { banner?: Banner; onDone(): void }) {
  const { t } = useTranslation();
  const { draft, set, save, submit } = useDraftForm(
    {
      title: { it: banner?.titleIt ?? '', en: banner?.titleEn ?? '' },
      image: banner ? { id: banner.imageId, url: banner.image } : null,
      target: banner?.target ?? '/pages/news/list',
      sortOrder: String(banner?.sortOrder ?? 0),
      window: {
        from: localInput(banner?.startsAt ?? Date.now()),
        until: banner?.endsAt ? localInput(banner.endsAt) : '',
      },
    },
    (d) =>
      request(adminBannerSave, {
        ...(banner ? { id: banner.id } : {}),
        titleIt: d.title.it,
        titleEn: d.title.en,
        imageId: d.image?.id ?? '',
        target: d.target,
        sortOrder: d.sortOrder,
        startsAt: instantOf(d.window.from),
        endsAt: instantOf(d.window.until ?? ''),
      }),
    (saved) => t('newsAdmin.bannerSaved', { title: saved.titleIt }),
    onDone,
  );
  return (
    <form className={styles.form} onSubmit={submit} data-testid="banner-form">
      <BothLanguages
        legend={t('newsAdmin.bannerText')}
        value={draft.title}
        onChange={(title) => set({ title })}
        maxLength={120}
        hint={t('newsAdmin.bannerTextHint')}
        testId="banner-title"
      />
      <ImageField
        label={t('newsAdmin.bannerImage')}
        url={draft.image?.url ?? null}
        onUploaded={(image) => set({ image })}
        testId="banner-image"
      />
      <label>
        <span>{t('newsAdmin.bannerTarget')}</span>
        <input
          value={draft.target}
          onChange={(e) => set({ target: e.target.value })}
          data-testid="banner-target"
        />
        <small className="muted">{t('newsAdmin.bannerTargetHint')}</small>
      </label>
      <label>
        <span>{t('newsAdmin.bannerOrder')}</span>
        <input
          inputMode="numeric"
          value={draft.sortOrder}
          onChange={(e) => set({ sortOrder: e.target.value })}
          data-testid="banner-order"
        />
      </label>
      <PublishWindow
        value={draft.window}
        onChange={(w) => set({ window: { from: w.from, until: w.until ?? '' } })}
        fromLabel={t('newsAdmin.from')}
        untilLabel={t('newsAdmin.until')}
        untilOptional
        testId="banner-window"
      />
      <FormActions
        submitLabel={t('common.save')}
        submitTestId="banner-save"
        pending={save.isPending}
        onCancel={onDone}
        cancelTestId="banner-cancel"
      />
      <RefusalLine error={save.error} testId="banner-refusal" alert className={styles.refusal} />
    </form>
  );
}

/** Banners (issue 15 item 3): the home's images, each leading to a page of the app, in order, in a window. */
export default function BannersScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const banners = useQuery({ queryKey: key, queryFn: () => request(adminBanners, {}) });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const withdraw = useMutation({
    mutationFn: (b: Banner) => request(adminBannerWithdraw, { id: b.id }),
    onSuccess: () => {
      showNotice('success', t('newsAdmin.withdrawn'));
      refresh();
    },
  });
  const list = banners.data?.list ?? [];
  const writable = can(role, adminBannerSave);
  return (
    <section aria-labelledby="banners-title">
      <h1 id="banners-title">{t('nav.banners')}</h1>
      <p className="muted">{t('newsAdmin.bannersHint')}</p>
      {writable && editing === null && (
        <button type="button" onClick={() => setEditing('new')} data-testid="banner-new">
          {t('newsAdmin.newBanner')}
        </button>
      )}
      {editing !== null && (
        <BannerForm
          key={editing}
          banner={list.find((b) => b.id === editing)}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {banners.isPending && <p className="muted">{t('common.loading')}</p>}
      {banners.data && list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid="banners-table">
            <thead>
              <tr>
                <th scope="col">{t('newsAdmin.bannerImage')}</th>
                <th scope="col">{t('newsAdmin.bannerText')}</th>
                <th scope="col">{t('newsAdmin.bannerTarget')}</th>
                <th scope="col">{t('newsAdmin.window')}</th>
                <th scope="col">{t('newsAdmin.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((b) => (
                <tr key={b.id} data-testid={`banner-${b.id}`}>
                  <td>
                    <img className={styles.thumb} src={b.image} alt="" />
                  </td>
                  <td>
                    {b.titleIt}
                    <div className="muted">{b.titleEn}</div>
                  </td>
                  <td>{b.target}</td>
                  <td>
                    {formatTime(b.startsAt, t('common.never'))} – {formatTime(b.endsAt, t('newsAdmin.noEnd'))}
                    {b.withdrawnAt && <div className="muted">{t('newsAdmin.stateWithdrawn')}</div>}
                  </td>
                  <td className="row">
                    {writable && (
                      <button
                        type="button"
                        className="secondary"
                        disabled={editing !== null}
                        onClick={() => setEditing(b.id)}
                      >
                        {t('newsAdmin.edit')}
                      </button>
                    )}
                    {writable && !b.withdrawnAt && (
                      <button
                        type="button"
                        className="danger"
                        disabled={withdraw.isPending}
                        onClick={() => withdraw.mutate(b)}
                      >
                        {t('newsAdmin.withdraw')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
