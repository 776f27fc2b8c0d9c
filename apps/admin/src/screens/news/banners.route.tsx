import {
  adminBannerSave,
  adminBanners,
  adminBannerWithdraw,
} from '@piazza/contract/calls/content-news-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { FormActions } from '../../shared/form-actions';
import { formatTime } from '../../shared/format';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { useMe } from '../../shared/use-me';
import { BothLanguages } from './both-languages';
import { EditableRecords } from './editable-records';
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
  return (
    <EditableRecords<Banner>
      name="banners"
      title={t('nav.banners')}
      hint={t('newsAdmin.bannersHint')}
      writable={can(role, adminBannerSave)}
      create={{ label: t('newsAdmin.newBanner'), testId: 'banner-new' }}
      query={banners}
      refresh={() => void queryClient.invalidateQueries({ queryKey: key })}
      form={(banner, done) => <BannerForm banner={banner} onDone={done} />}
      withdraw={{ run: (b) => request(adminBannerWithdraw, { id: b.id }) }}
      table={{
        testId: 'banners-table',
        head: [
          t('newsAdmin.bannerImage'),
          t('newsAdmin.bannerText'),
          t('newsAdmin.bannerTarget'),
          t('newsAdmin.window'),
        ],
        rowTestId: (b) => `banner-${b.id}`,
        cells: (b) => (
          <>
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
          </>
        ),
      }}
    />
  );
}
