import { type adminNews, adminNewsSave } from '@piazza/contract/calls/content-news-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../shared/form-actions';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { BothLanguages } from './both-languages';
import { ImageField } from './image-field';
import styles from './news.module.css';
import { instantOf, localInput, PublishWindow } from './publish-window';

export type Article = CallOutput<typeof adminNews>['list'][number];

/** An article: title and body (HTML, sanitised by the server) in both languages, cover, symbols, publish time. */
export function ArticleForm({ article, onDone }: { article?: Article; onDone(): void }) {
  const { t } = useTranslation();
  const { draft, set, save, submit } = useDraftForm(
    {
      title: { it: article?.titleIt ?? '', en: article?.titleEn ?? '' },
      body: { it: article?.bodyIt ?? '', en: article?.bodyEn ?? '' },
      cover: article?.coverId ? { id: article.coverId, url: article.cover ?? '' } : null,
      symbols: article?.symbols.join(', ') ?? '',
      window: { from: localInput(article?.publishAt ?? Date.now()) },
    },
    (d) =>
      request(adminNewsSave, {
        ...(article ? { id: article.id } : {}),
        titleIt: d.title.it,
        titleEn: d.title.en,
        bodyIt: d.body.it,
        bodyEn: d.body.en,
        coverId: d.cover?.id ?? '',
        symbols: d.symbols,
        publishAt: instantOf(d.window.from),
      }),
    (saved) => t('newsAdmin.articleSaved', { title: saved.titleIt ?? saved.titleEn }),
    onDone,
  );
  return (
    <form className={styles.form} onSubmit={submit} data-testid="article-form">
      <BothLanguages
        legend={t('newsAdmin.title')}
        value={draft.title}
        onChange={(title) => set({ title })}
        maxLength={200}
        testId="article-title"
      />
      <BothLanguages
        legend={t('newsAdmin.body')}
        value={draft.body}
        onChange={(body) => set({ body })}
        maxLength={100_000}
        lines={8}
        hint={t('newsAdmin.bodyHint')}
        testId="article-body"
      />
      <ImageField
        label={t('newsAdmin.cover')}
        url={draft.cover?.url ?? null}
        onUploaded={(cover) => set({ cover })}
        testId="article-cover"
      />
      <label>
        <span>{t('newsAdmin.symbols')}</span>
        <input
          value={draft.symbols}
          onChange={(e) => set({ symbols: e.target.value })}
          placeholder="ENI.MI, ISP.MI"
          data-testid="article-symbols"
        />
      </label>
      <PublishWindow
        value={draft.window}
        onChange={(window) => set({ window })}
        fromLabel={t('newsAdmin.publishAt')}
        testId="article-window"
      />
      <FormActions
        submitLabel={t(article ? 'common.save' : 'newsAdmin.publish')}
        submitTestId="article-save"
        pending={save.isPending}
        onCancel={onDone}
        cancelTestId="article-cancel"
      />
      <RefusalLine error={save.error} testId="article-refusal" alert className={styles.refusal} />
    </form>
  );
}
