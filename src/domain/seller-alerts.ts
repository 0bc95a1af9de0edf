/**
 * The seller's alerts (issue 23, docs/SELLERS.md "Alerts"): what the server raises for a shop's owner, pushes
 * and lists (GET /api/seller/alerts). No dependencies, so the app, the service worker and the server share it.
 */

/** new_order: an order holds the shop's items; low_stock: a variant reached its product's threshold;
 * shop_status: the operator decided the shop's status or verification; community_post: a custom request in the
 * shop's categories (docs/COMMUNITY.md, the notifications those already made). */
export const SELLER_ALERT_KINDS = ['new_order', 'low_stock', 'shop_status', 'community_post'] as const;
export type SellerAlertKind = (typeof SELLER_ALERT_KINDS)[number];

export function isSellerAlertKind(kind: string): kind is SellerAlertKind {
  return (SELLER_ALERT_KINDS as readonly string[]).includes(kind);
}

/** One alert in GET /api/seller/alerts. `data` holds strings only (it is the push's FCM data too). */
export interface SellerAlert {
  id: number;
  kind: SellerAlertKind;
  /** In the seller's language when it was raised (the push's text). */
  title: string;
  body: string;
  /** Always `kind` and `url`; then per kind: order_id, order_number; product_id, variant_id, stock, threshold,
   * product_name; status, verified; post_id. */
  data: Record<string, string>;
  /** Epoch ms. */
  created_at: number;
  read: boolean;
}

export const SELLER_ALERTS_DEFAULT_PAGE_SIZE = 20;
export const SELLER_ALERTS_MAX_PAGE_SIZE = 50;
/** PATCH /api/seller/alerts/read takes at most this many ids. */
export const SELLER_ALERTS_READ_MAX_IDS = 100;

/** The seller page an alert opens (the push's `url`, the dashboard's link). */
export function sellerAlertPath(kind: SellerAlertKind, data: Record<string, string> = {}): string {
  switch (kind) {
    case 'new_order':
      return '/seller/orders';
    case 'low_stock':
      return data.product_id ? `/seller/products/${encodeURIComponent(data.product_id)}` : '/seller/products?status=low_stock';
    case 'shop_status':
      return '/seller';
    case 'community_post':
      return data.post_id ? `/seller/community/posts/${encodeURIComponent(data.post_id)}/respond` : '/seller';
  }
}
