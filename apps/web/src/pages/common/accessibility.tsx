import { ContentPage } from '../../features/content/content-page';

/** The operator’s accessibility statement (issue 21, decision 061), in the current language. */
export default function Accessibility() {
  return <ContentPage contentKey="accessibility" fallbackTitle="content.accessibility" />;
}
