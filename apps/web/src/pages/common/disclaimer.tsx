import { ContentPage } from '../../features/content/content-page';

/** The operator’s disclaimer (SPEC §2 "Common"), in the current language. */
export default function Disclaimer() {
  return <ContentPage contentKey="disclaimer" fallbackTitle="content.disclaimer" />;
}
