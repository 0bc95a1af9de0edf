/**
 * Route patterns and link builders (spec §2). Paths are relative to the
 * router's base, which is the optional language prefix (/fr, /de…).
 */
import { isLanguage, type Language } from '../i18n/languages';

export const ROUTES = {
  home: '/',
  products: '/products',
  product: '/products/:id',
  gender: '/category/:gender',
  categories: '/categories',
  category: '/categories/:slug',
  shops: '/shops',
  shop: '/shops/:slug',
  // Accounts (docs/ACCOUNTS.md): the sign-in pages and the protected pages.
  login: '/login',
  register: '/register',
  profile: '/profile',
  account: '/account',
  accountPhone: '/account/phone',
  address: '/address',
  settings: '/settings',
  orders: '/orders',
  order: '/orders/:id',
  checkout: '/checkout',
  // Commerce (docs/COMMERCE.md): the cart and wishlist (guests may open the cart), the sync centre, the seller's orders.
  cart: '/cart',
  wishlist: '/wishlist',
  syncCentre: '/sync',
  sellerOrders: '/seller/orders',
  // The seller's app (issue 23, docs/SELLERS.md): the dashboard, opening a shop, the products and their form.
  seller: '/seller',
  sellerRegister: '/seller/register',
  sellerProducts: '/seller/products',
  sellerProductNew: '/seller/products/new',
  sellerProduct: '/seller/products/:id',
  // Issue 24: the seller's money (the current period, payouts, one payout's statement).
  sellerMoney: '/seller/money',
  sellerStatement: '/seller/money/:id',
  // Issue 24: the operator's console (roles admin and manager; src/app/admin): shops, moderation, money, inbox, audit.
  admin: '/admin',
  adminModeration: '/admin/moderation',
  adminMoney: '/admin/money',
  adminInbox: '/admin/inbox',
  adminAudit: '/admin/audit',
  // Community requests (docs/COMMUNITY.md): the list, posting one (signed in) and one request.
  community: '/community',
  communityNew: '/community/new',
  communityPost: '/community/posts/:id',
  // A verified seller's offer on a request (spec §2: /{lang}/seller/community/posts/{id}/respond).
  sellerRespond: '/seller/community/posts/:id/respond',
  // Messages (docs/COMMUNITY.md): the conversations, and one conversation (also where a message notification goes;
  // ?as=shop: the seller's side, the sender being a buyer).
  conversations: '/community/messages',
  communityMessages: '/community/messages/:senderId',
  // Issue 7: the contact form (anyone).
  contact: '/contact',
  // Issue 7: the help pages (src/app/content) and the policies (src/app/policies).
  faq: '/faq',
  returns: '/returns',
  shippingInfo: '/shipping',
  sizeGuide: '/size-guide',
  becomeSeller: '/become-a-seller',
  privacy: '/privacy',
  terms: '/terms',
  // Issue 7: tailoring services (src/app/tailoring): the tailors, one tailor's profile, the signed-in buyer's bookings.
  tailoring: '/tailoring',
  tailoringBookings: '/tailoring/bookings',
  tailor: '/tailoring/:id',
} as const;

/** The pages only a signed-in user may open; a guest is sent to /login?redirect=…. */
export const PROTECTED_ROUTES = [
  ROUTES.profile,
  ROUTES.checkout,
  ROUTES.orders,
  ROUTES.order,
  ROUTES.wishlist,
  ROUTES.sellerOrders,
  ROUTES.seller,
  ROUTES.sellerRegister,
  ROUTES.sellerProducts,
  ROUTES.sellerProductNew,
  ROUTES.sellerProduct,
  ROUTES.account,
  ROUTES.accountPhone,
  ROUTES.address,
  ROUTES.settings,
  ROUTES.conversations,
  ROUTES.communityMessages,
  ROUTES.communityNew,
  ROUTES.sellerRespond,
  ROUTES.sellerMoney,
  ROUTES.sellerStatement,
  ROUTES.admin,
  ROUTES.adminModeration,
  ROUTES.adminMoney,
  ROUTES.adminInbox,
  ROUTES.adminAudit,
] as const;

export const orderPath = (id: string): string => `/orders/${encodeURIComponent(id)}`;
export const communityPostPath = (id: string): string => `/community/posts/${encodeURIComponent(id)}`;
/** One conversation: with a shop (its id), or with `asShop` the seller's side with a buyer (their user id). */
export const messageThreadPath = (senderId: number | string, asShop = false): string =>
  `/community/messages/${encodeURIComponent(String(senderId))}${asShop ? '?as=shop' : ''}`;
export const sellerProductPath = (id: number | string): string => `/seller/products/${encodeURIComponent(String(id))}`;
export const sellerStatementPath = (id: number | string): string => `/seller/money/${encodeURIComponent(String(id))}`;
export const sellerRespondPath = (id: string): string => `/seller/community/posts/${encodeURIComponent(id)}/respond`;
/** /community, or /community?<query> (src/app/community/community-filters.ts). */
export const communityPath = (search = ''): string => (search ? `/community?${search}` : '/community');
export const productPath = (id: string): string => `/products/${encodeURIComponent(id)}`;
export const tailorPath = (id: string): string => `/tailoring/${encodeURIComponent(id)}`;
export const categoryPath = (slug: string): string => `/categories/${encodeURIComponent(slug)}`;
export const genderPath = (gender: string): string => `/category/${encodeURIComponent(gender)}`;
export const shopPath = (slug: string): string => `/shops/${encodeURIComponent(slug)}`;
/** /shops, or /shops?<query> (src/app/shops/shop-filters.ts). */
export const shopsPath = (search = ''): string => (search ? `/shops?${search}` : '/shops');
export const productsPath = (search = ''): string => (search ? `/products?${search}` : '/products');
/** /login, or /login?redirect=<path> to come back to that page (relative to the language prefix). */
export const loginPath = (redirect?: string): string =>
  redirect && redirect !== '/' ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
export const registerPath = (redirect?: string): string =>
  redirect && redirect !== '/' ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';

/** Splits an optional language prefix off a pathname: /fr/products/3 → fr, /products/3. */
export function splitLanguagePrefix(pathname: string): { language: Language | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLanguage(first)) return { language: first, rest: match?.[2] ?? '/' };
  return { language: null, rest: pathname || '/' };
}

/** The router base for a pathname: '/fr' when it starts with a language prefix, '' otherwise. */
export function languageBase(pathname: string): string {
  const { language } = splitLanguagePrefix(pathname);
  return language ? `/${language}` : '';
}

/** The same page under another language prefix (keeps search and hash). */
export function switchLanguagePrefix(href: string, language: Language): string {
  const url = new URL(href, 'http://x');
  const { rest } = splitLanguagePrefix(url.pathname);
  const path = rest === '/' ? `/${language}` : `/${language}${rest}`;
  return `${path}${url.search}${url.hash}`;
}
