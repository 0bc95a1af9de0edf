/**
 * /size-guide (spec §2, §9): women's, men's and children's size charts for traditional wear, how to measure,
 * and made to measure by the tailors for customizable items.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import { ContentPage, ContentSection } from './content-page';
import * as page from './content-page.css';
import { MEASURES, SIZE_GROUPS } from './size-chart';
import { SizeTable } from './size-table';

export function SizeGuidePage() {
  const { t, ready } = useTranslation('content');
  return (
    <ContentPage id="size-guide" ready={ready} title={t('sizeGuide.title')} intro={t('sizeGuide.intro')}>
      <ContentSection id="size-guide-tables" heading={t('sizeGuide.tablesHeading')}>
        {SIZE_GROUPS.map((group) => (
          <SizeTable key={group} group={group} />
        ))}
      </ContentSection>

      <ContentSection id="size-guide-measure" heading={t('sizeGuide.measureHeading')}>
        <p>{t('sizeGuide.measureIntro')}</p>
        <ul className={page.list}>
          {MEASURES.map((measure) => (
            <li key={measure}>{t(`sizeGuide.measure.${measure}`)}</li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="size-guide-tailor" heading={t('sizeGuide.tailorHeading')}>
        <p>{t('sizeGuide.tailorNote')}</p>
        <Link href={ROUTES.tailoring} className={page.link}>
          {t('sizeGuide.tailorLink')}
        </Link>
      </ContentSection>
    </ContentPage>
  );
}
