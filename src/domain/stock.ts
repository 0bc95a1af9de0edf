/**
 * Stock availability: the statuses and messages of a stock check (spec §3, §4,
 * §5, §8), pure so the server and the client say the same thing.
 */
import { stockLevel, type StockLevel } from './catalog-constants';

export const STOCK_STATUSES = ['available', 'low_stock', 'out_of_stock', 'no_stock', 'variant_not_found'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const STOCK_MESSAGES = {
  available: 'In stock',
  low_stock: 'Only {n} item(s) available',
  out_of_stock: 'This product is currently out of stock',
  no_stock: 'Product does not exist',
  variant_not_found: 'The selected variant does not exist for this product',
} as const satisfies Record<StockStatus, string>;

export interface StockAvailability {
  /** false when the product or variant does not exist. */
  success: boolean;
  status: StockStatus;
  available_quantity: number;
  message: string;
}

/** What is known about the thing being checked. */
export type StockFacts =
  | { kind: 'product_missing' }
  | { kind: 'variant_missing' }
  | { kind: 'quantity'; quantity: number };

export function stockMessage(status: StockStatus, quantity = 0): string {
  return STOCK_MESSAGES[status].replace('{n}', String(quantity));
}

/** The stock check's name for each level of stockLevel, the one rule with the low-stock threshold. */
const STATUS_OF_LEVEL = {
  in_stock: 'available',
  low_stock: 'low_stock',
  out_of_stock: 'out_of_stock',
} as const satisfies Record<StockLevel, StockStatus>;

/** stockLevel's answer in the stock check's words; a quantity that is not a positive number is out of stock. */
export function stockStatusOf(quantity: number): (typeof STATUS_OF_LEVEL)[StockLevel] {
  return STATUS_OF_LEVEL[stockLevel(quantity > 0 ? quantity : 0)];
}

export function stockAvailability(facts: StockFacts): StockAvailability {
  switch (facts.kind) {
    case 'product_missing':
      return { success: false, status: 'no_stock', available_quantity: 0, message: stockMessage('no_stock') };
    case 'variant_missing':
      return {
        success: false,
        status: 'variant_not_found',
        available_quantity: 0,
        message: stockMessage('variant_not_found'),
      };
    case 'quantity': {
      const quantity = Math.max(0, Math.floor(facts.quantity));
      const status = stockStatusOf(quantity);
      return { success: true, status, available_quantity: quantity, message: stockMessage(status, quantity) };
    }
  }
}
