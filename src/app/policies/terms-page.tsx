/**
 * /terms (spec §1, §2, §9): accounts, buying (cash on delivery; card and PayPal coming soon; prices in MAD as the
 * checkout shows them), sellers (10% commission, payouts every two weeks), custom requests and tailoring bookings,
 * reviews and community content, returns (details on /returns), liability, Moroccan law, changes, contact.
 * A long page: a table of contents first, whose links move the focus to the section's h2.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { inlineLink } from '../ui/text-styles.css';
import { PolicyPage, PolicySection } from './policy-page';
import * as styles from './policy-page.css';
import { paragraphs, privacyValues, sellerValues } from './policy-values';
import { followSectionLink, useSectionFromHash } from './section-links';
import { TERMS_SECTIONS, termsSectionId } from './terms-sections';

const SECTION_IDS = TERMS_SECTIONS.map(termsSectionId);

export default function TermsPage() {
  const { t, ready } = useTranslation('policies');
  const language = useLanguage();
  const values = { ...sellerValues(language), ...privacyValues(language) };
  useSectionFromHash(SECTION_IDS, ready);
  return (
    <PolicyPage
      id="terms"
      title={ready ? t('terms.title') : null}
      lead={t('terms.lead')}
      updated
    >
      <nav className={styles.panel} aria-labelledby="terms-contents">
        <h2 id="terms-contents" className={styles.heading}>
          {t('common.contents')}
        </h2>
        <ol className={styles.contents}>
          {TERMS_SECTIONS.map((section) => (
            <li key={section}>
              <a
                href={`#${termsSectionId(section)}`}
                className={inlineLink}
                onClick={(event) => followSectionLink(event, termsSectionId(section))}
              >
                {t(`terms.sections.${section}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((section) => (
        <PolicySection
          key={section}
          id={termsSectionId(section)}
          title={t(`terms.sections.${section}.title`)}
          paragraphs={paragraphs(t(`terms.sections.${section}.body`, values))}
        >
          {section === 'returns' && (
            <Link href={ROUTES.returns} className={inlineLink}>
              {t('terms.returnsLink')}
            </Link>
          )}
          {section === 'contact' && (
            <Link href={ROUTES.contact} className={inlineLink}>
              {t('common.contactLink')}
            </Link>
          )}
        </PolicySection>
      ))}
    </PolicyPage>
  );
}
