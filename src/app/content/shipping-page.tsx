/**
 * /shipping (spec §9, decisions.md "Shipping in Morocco"): the delivery options with their times and costs,
 * order processing (every figure from the domain's shipping rule through shipping-facts, formatted per
 * language), and the countries we deliver to, named in the interface language.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { ContentPage, ContentSection } from './content-page';
import * as page from './content-page.css';
import { HeadRow, ScrollTable } from './scroll-table';
import { shippingCountries, shippingFacts } from './shipping-facts';

const METHODS = ['standard', 'express', 'international'] as const;
const COLUMNS = ['method', 'time', 'cost'] as const;

export function ShippingPage() {
  const { t, ready } = useTranslation('content');
  const language = useLanguage();
  const facts = shippingFacts(language);

  return (
    <ContentPage id="shipping" ready={ready} title={t('shipping.title')} intro={t('shipping.intro')}>
      <ContentSection id="shipping-methods-heading" heading={t('shipping.methodsHeading')}>
        <ScrollTable caption={t('shipping.methodsCaption')} testId="shipping-methods" wrap>
          <HeadRow labels={COLUMNS.map((column) => t(`shipping.columns.${column}`))} />
          <tbody>
            {METHODS.map((method) => (
              <tr key={method} data-testid={`shipping-${method}`}>
                <th scope="row" className={page.headCell}>
                  {t(`shipping.${method}.name`)}
                </th>
                <td className={page.cell}>{t(`shipping.${method}.time`, facts)}</td>
                <td className={page.cell}>{t(`shipping.${method}.cost`, facts)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </ContentSection>

      <ContentSection id="shipping-processing" heading={t('shipping.processingHeading')}>
        <p>{t('shipping.processing', facts)}</p>
        <p>{t('shipping.processingCod', facts)}</p>
        <p>{t('shipping.trackingNote')}</p>
      </ContentSection>

      <ContentSection id="shipping-countries" heading={t('shipping.countriesHeading')}>
        <p>{t('shipping.countriesIntro')}</p>
        <ul className={page.list} data-testid="shipping-countries">
          {shippingCountries(language).map((country) => (
            <li key={country.code}>{country.name}</li>
          ))}
        </ul>
      </ContentSection>

      <p className={page.note}>
        <Link href={ROUTES.returns} className={page.link}>
          {t('shipping.returnsLink')}
        </Link>
      </p>
    </ContentPage>
  );
}
