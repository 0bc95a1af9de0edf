/** Cart lines, wishlist items and orders for the db tests, valid by the zod contracts. */
import type { CartLineDoc } from '../../../src/db/cart-line';
import type { WishlistDoc } from '../../../src/domain/commerce-schemas';
import type { LocalOrder } from '../../../src/workers/data-api';

export function cartLine(variantId: number, patch: Partial<CartLineDoc> = {}): CartLineDoc {
  return {
    id: `v${variantId}`,
    variant_id: variantId,
    product_id: 1,
    quantity: 1,
    added_at: 1_700_000_000_000,
    unit_price: 250.5,
    name: 'Caftan',
    name_ar: 'قفطان',
    image: '/media/p/1.svg',
    shop_id: 1,
    shop_name: 'Atelier',
    size: 'M',
    color: 'red',
    fabric: 'silk',
    stock_quantity: 5,
    ...patch,
  };
}

export function wishlistItem(productId: number, patch: Partial<WishlistDoc> = {}): WishlistDoc {
  return {
    id: String(productId),
    product_id: productId,
    notify_price_drop: false,
    notify_back_in_stock: true,
    notes: '',
    created_at: 1_700_000_000_000,
    updatedAt: 1_700_000_000_001,
    ...patch,
  };
}

export function order(id: string, patch: Partial<LocalOrder> = {}): LocalOrder {
  return {
    id,
    order_id: 7,
    order_number: 'SK-240101-ABC123',
    customer_id: 3,
    status: 'pending',
    payment_method: 'cod',
    payment_status: 'pending',
    items: [
      {
        product_id: 1, variant_id: 11, stock_id: 1, store_id: 1, name: 'Caftan', name_ar: 'قفطان', image: '/media/p/1.svg',
        color: 'red', size: 'M', fabric: 'silk', quantity: 2, unit_price: 250.5,
      },
    ],
    shipping_info: {
      first_name: 'Amina', last_name: 'Alaoui', email: 'amina@example.com', phone: '+212600000000', street: '1 Rue X',
      apartment: '', city: 'Fes', state: 'Fes-Meknes', postal_code: '30000', country: 'MA',
    },
    subtotal: 501,
    discount_amount: 0,
    shipping_amount: 60,
    tax_amount: 100.2,
    total_amount: 661.2,
    coupon_code: null,
    shipping_method: 'standard',
    tracking_number: 'SKT0123456789',
    estimated_delivery: 1_700_600_000_000,
    history: [{ status: 'pending', at: 1_700_000_000_000 }],
    created_at: 1_700_000_000_000,
    updatedAt: 1_700_000_000_002,
    local_state: 'confirmed',
    ...patch,
  };
}

/** A Moroccan shipping address as the checkout sends it. */
export const SHIPPING_MA = {
  first_name: 'Amina', last_name: 'Alaoui', email: 'amina@example.com', phone: '+212600000000', street: '12 Rue Talaa',
  apartment: '', city: 'Fes', state: 'Fes-Meknes', postal_code: '30000', country: 'MA' as const,
};
