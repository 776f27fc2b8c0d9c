import { commonProp } from '@piazza/contract/calls/content';
import type { ContentKey } from '@piazza/contract/content-keys';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/it-IT';
import { useApiQuery } from '../../shared/api/use-api-query';
import { Card } from '../../shared/ui/card';
import { Page } from '../../shared/ui/page';
import { ContentText } from './content-text';

/**
 * The page of one operator-authored text (privacy policy, disclaimer, company introduction): the operator's
 * title once loaded, the app's own name for it until then.
 */
export function ContentPage({
  contentKey,
  fallbackTitle,
}: {
  contentKey: ContentKey;
  fallbackTitle: MessageKey;
}) {
  const { t } = useTranslation();
  // Same key as ContentText's query: one request serves both.
  const text = useApiQuery(commonProp, { key: contentKey });
  return (
    <Page title={text.data?.title || t(fallbackTitle)}>
      <Card>
        <ContentText contentKey={contentKey} />
      </Card>
    </Page>
  );
}
