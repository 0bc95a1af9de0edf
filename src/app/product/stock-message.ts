/** The words and tone of a stock check result (spec §5, §8 texts), shared by the product page and the quick view. */
import type { TFunction } from 'i18next';
import type { StockOutcome } from '../../machines/stock-check';

export type StockTone = 'info' | 'ok' | 'warn' | 'bad';

export function stockMessage(t: TFunction, outcome: StockOutcome, quantity: number): { message: string; tone: StockTone } {
  switch (outcome) {
    case 'available':
      return { message: t('stockCheck.available'), tone: 'ok' };
    case 'low_stock':
      return { message: t('stockCheck.lowStock', { count: quantity }), tone: 'warn' };
    case 'out_of_stock':
      return { message: t('stockCheck.outOfStock'), tone: 'bad' };
    case 'no_stock':
      return { message: t('stockCheck.noStock'), tone: 'bad' };
    case 'variant_not_found':
      return { message: t('stockCheck.variantNotFound'), tone: 'bad' };
    case 'error':
      return { message: t('stockCheck.error'), tone: 'bad' };
  }
}

/** Whether the result lets the buyer add the item. */
export const canBuy = (outcome: StockOutcome | undefined): boolean => outcome === 'available' || outcome === 'low_stock';
