import { ContentPage } from '../../features/content/content-page';

/** The operator’s company introduction (SPEC §2 "Common"), in the current language. */
export default function CompanyIntroduction() {
  return <ContentPage contentKey="companyIntroduction" fallbackTitle="content.companyIntroduction" />;
}
