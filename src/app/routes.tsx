/** The app's routes (spec §2), relative to the optional language prefix. */
import { useEffect, type ReactNode } from 'react';
import { Route, Switch, useLocation, useRoute, useSearch } from 'wouter';
import { RequireAuth } from './auth/require-auth';
import { HomePage } from './pages/home-page';
import { CategoryPage, GenderPage, ProductsPage } from './pages/listing-pages';
import { NotFoundPage } from './pages/not-found-page';
import { ShopPage } from './pages/shop-page';
import { lazyPage, PageLoading } from './routing/lazy-page';
import { PROTECTED_ROUTES, ROUTES } from './routing/paths';
import { CONTENT_ROUTES } from './content/content-routes';
import { POLICIES_ROUTES } from './policies/policies-routes';
import { TAILORING_ROUTES } from './tailoring/tailoring-routes';
import { afterFirstScreen } from './when-idle';

// The home page and the catalogue (listings, shop) are in the first chunk: they are where a visit starts and
// what works offline from the first second. Every other page is a chunk of its own; the product page's (with
// the reviews, the stock check machine and XState) is fetched as soon as the first screen is idle, so opening a
// product does not wait for it.
const loadProductPage = () => import('./pages/product-page').then((m) => m.ProductPage);
const ProductPage = lazyPage(loadProductPage);
const AccountPage = lazyPage(() => import('./account/account-page').then((m) => m.AccountPage));
const AddressesPage = lazyPage(() => import('./account/addresses-page').then((m) => m.AddressesPage));
const CartPage = lazyPage(() => import('./cart/cart-page').then((m) => m.CartPage));
const CheckoutPage = lazyPage(() => import('./checkout/checkout-page').then((m) => m.CheckoutPage));
const OrderPage = lazyPage(() => import('./orders/order-page').then((m) => m.OrderPage));
const OrdersPage = lazyPage(() => import('./orders/orders-page').then((m) => m.OrdersPage));
const SellerOrdersPage = lazyPage(() => import('./seller/seller-orders-page').then((m) => m.SellerOrdersPage));
// The seller's app (issue 23): one chunk for its pages, fetched only when one of them is visited.
const SellerApp = lazyPage(() => import('./seller/seller-app').then((m) => m.SellerApp));
// The operator's console (issue 24): one chunk, fetched only when /admin is visited.
const AdminApp = lazyPage(() => import('./admin/admin-app').then((m) => m.AdminApp));
const SyncCentrePage = lazyPage(() => import('./sync-centre/sync-centre-page').then((m) => m.SyncCentrePage));
const WishlistPage = lazyPage(() => import('./wishlist/wishlist-page').then((m) => m.WishlistPage));
const PhoneVerificationPage = lazyPage(() => import('./account/phone-verification-page').then((m) => m.PhoneVerificationPage));
const ProfilePage = lazyPage(() => import('./account/profile-page').then((m) => m.ProfilePage));
const SettingsPage = lazyPage(() => import('./account/settings-page').then((m) => m.SettingsPage));
const LoginPage = lazyPage(() => import('./auth/login-page').then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import('./auth/register-page').then((m) => m.RegisterPage));
const ContactPage = lazyPage(() => import('./pages/contact-page').then((m) => m.ContactPage));
const ShopsPage = lazyPage(() => import('./shops/shops-page').then((m) => m.ShopsPage));
const ConversationsPage = lazyPage(() => import('./chat/conversations-page').then((m) => m.ConversationsPage));
const ThreadPage = lazyPage(() => import('./chat/thread-page').then((m) => m.ThreadPage));
const CommunityPage = lazyPage(() => import('./community/community-page').then((m) => m.CommunityPage));
const NewPostPage = lazyPage(() => import('./community/new-post-page').then((m) => m.NewPostPage));
const PostPage = lazyPage(() => import('./community/post-page').then((m) => m.PostPage));
const RespondPage = lazyPage(() => import('./community/respond-page').then((m) => m.RespondPage));
const CategoriesPage = lazyPage(() => import('./pages/categories-page').then((m) => m.CategoriesPage));

/**
 * The protected pages (docs/ACCOUNTS.md): a guest goes to /login?redirect=… and comes back.
 * Keyed by PROTECTED_ROUTES, so a protected path without a page (or the reverse) is a type error.
 */
const PROTECTED: Record<(typeof PROTECTED_ROUTES)[number], ReactNode> = {
  [ROUTES.profile]: <ProfilePage />,
  [ROUTES.checkout]: <CheckoutPage />,
  [ROUTES.orders]: <OrdersPage />,
  [ROUTES.order]: <OrderPageRoute />,
  [ROUTES.wishlist]: <WishlistPage />,
  [ROUTES.sellerOrders]: <SellerOrdersPage />,
  [ROUTES.seller]: <SellerApp />,
  [ROUTES.sellerRegister]: <SellerApp />,
  [ROUTES.sellerProducts]: <SellerApp />,
  [ROUTES.sellerProductNew]: <SellerApp />,
  [ROUTES.sellerProduct]: <SellerApp />,
  [ROUTES.accountPhone]: <PhoneVerificationPage />,
  [ROUTES.account]: <AccountPage />,
  [ROUTES.address]: <AddressesPage />,
  [ROUTES.settings]: <SettingsPage />,
  [ROUTES.conversations]: <ConversationsPage />,
  [ROUTES.communityMessages]: <ThreadPageRoute />,
  [ROUTES.communityNew]: <NewPostPage />,
  [ROUTES.sellerRespond]: <RespondPageRoute />,
  [ROUTES.sellerMoney]: <SellerApp />,
  [ROUTES.sellerStatement]: <SellerApp />,
  [ROUTES.admin]: <AdminApp />,
  [ROUTES.adminModeration]: <AdminApp />,
  [ROUTES.adminMoney]: <AdminApp />,
  [ROUTES.adminInbox]: <AdminApp />,
  [ROUTES.adminAudit]: <AdminApp />,
};

/** ?as=shop: the seller's side of the conversation (the sender is a buyer). */
function ThreadPageRoute() {
  const [, params] = useRoute(ROUTES.communityMessages);
  const asShop = new URLSearchParams(useSearch()).get('as') === 'shop';
  const senderId = params?.senderId ?? '';
  return <ThreadPage key={`${senderId}:${String(asShop)}`} senderId={senderId} asShop={asShop} />;
}

function RespondPageRoute() {
  const [, params] = useRoute(ROUTES.sellerRespond);
  return <RespondPage id={params?.id ?? ''} />;
}

function OrderPageRoute() {
  const [, params] = useRoute(ROUTES.order);
  return <OrderPage id={params?.id ?? ''} />;
}

export function AppRoutes() {
  const [location] = useLocation();
  useEffect(() => afterFirstScreen(() => void loadProductPage().catch(() => undefined)), []);
  return (
    <PageLoading location={location}>
      <Switch>
        <Route path={ROUTES.home}>
          <HomePage />
        </Route>
        <Route path={ROUTES.products}>
          <ProductsPage />
        </Route>
        <Route path={ROUTES.product}>{(params) => <ProductPage id={params.id} />}</Route>
        <Route path={ROUTES.gender}>{(params) => <GenderPage gender={params.gender} />}</Route>
        <Route path={ROUTES.categories}>
          <CategoriesPage />
        </Route>
        <Route path={ROUTES.category}>{(params) => <CategoryPage slugOrId={params.slug} />}</Route>
        <Route path={ROUTES.shops}>
          <ShopsPage />
        </Route>
        <Route path={ROUTES.shop}>{(params) => <ShopPage slugOrId={params.slug} />}</Route>
        <Route path={ROUTES.community}>
          <CommunityPage />
        </Route>
        <Route path={ROUTES.communityPost}>{(params) => <PostPage id={params.id} />}</Route>
        <Route path={ROUTES.cart}>
          <CartPage />
        </Route>
        <Route path={ROUTES.syncCentre}>
          <SyncCentrePage />
        </Route>
        <Route path={ROUTES.login}>
          <LoginPage />
        </Route>
        <Route path={ROUTES.register}>
          <RegisterPage />
        </Route>
        <Route path={ROUTES.contact}>
          <ContactPage />
        </Route>
        {CONTENT_ROUTES}
        {POLICIES_ROUTES}
        {TAILORING_ROUTES}
        {PROTECTED_ROUTES.map((path) => (
          <Route key={path} path={path}>
            <RequireAuth>{PROTECTED[path]}</RequireAuth>
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PageLoading>
  );
}
