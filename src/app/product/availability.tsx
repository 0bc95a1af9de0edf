/**
 * What the chosen options mean: choose all three first (spec §5); a
 * combination the product does not have is refused at once; a real variant is
 * checked with the server (stock check machine), or read from the last synced
 * stock when offline, with the variant's price (what one unit is charged, and its
 * list price struck through when discounted).
 */
import { useTranslation } from 'react-i18next';
import { usesArabicContent } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import type { StockTone } from './stock-message';
import { StockStatus } from './stock-status';
import type { StockView } from './use-stock-check';
import type { Availability as LocalAvailability } from './variant-selection';
import { VariantPrice } from './variant-price';

interface Props {
  id: string;
  /** The local reading of the selection (which variant, if any). */
  availability: LocalAvailability;
  stock: StockView;
  onRetry: () => void;
}

export function Availability({ id, availability, stock, onRetry }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();

  let idle: { message: string; tone: StockTone } | undefined;
  if (availability.kind === 'incomplete') {
    idle = {
      tone: 'info',
      message:
        availability.missing.length === 3
          ? t('productPage.chooseAll')
          : t('productPage.missing', {
              options: availability.missing
                .map((name) => t(`productPage.${name}`))
                .join(usesArabicContent(language) ? '، ' : ', '),
            }),
    };
  } else if (availability.kind === 'unavailable') {
    idle = { tone: 'bad', message: t('productPage.variantUnavailable') };
  }
  const outcome = stock.result?.outcome;
  const showPrice = 'variant' in availability && outcome !== 'out_of_stock' && outcome !== 'variant_not_found';

  return (
    <StockStatus id={id} view={stock} onRetry={onRetry} idle={idle}>
      {showPrice && <VariantPrice variant={availability.variant} />}
    </StockStatus>
  );
}
