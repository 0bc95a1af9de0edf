/** The app's routes (spec §2), relative to the optional language prefix. */
import type { ReactNode } from 'react';
import { Route, Switch, useRoute, useSearch } from 'wouter';
import { AccountPage } from './account/account-page';
import { AddressesPage } from './account/addresses-page';
import { CartPage } from './cart/cart-page';
import { CheckoutPage } from './checkout/checkout-page';
import { OrderPage } from './orders/order-page';
import { OrdersPage } from './orders/orders-page';
import { SellerOrdersPage } from './seller/seller-orders-page';
import { SyncCentrePage } from './sync-centre/sync-centre-page';
import { WishlistPage } from './wishlist/wishlist-page';
import { PhoneVerificationPage } from './account/phone-verification-page';
import { ProfilePage } from './account/profile-page';
import { SettingsPage } from './account/settings-page';
import { LoginPage } from './auth/login-page';
import { RegisterPage } from './auth/register-page';
import { RequireAuth } from './auth/require-auth';
import { CategoriesPage } from './pages/categories-page';
import { ContactPage } from './pages/contact-page';
import { HomePage } from './pages/home-page';
import { CategoryPage, GenderPage, ProductsPage } from './pages/listing-pages';
import { NotFoundPage } from './pages/not-found-page';
import { ProductPage } from './pages/product-page';
import { ShopPage } from './pages/shop-page';
import { PROTECTED_ROUTES, ROUTES } from './routing/paths';
import { ShopsPage } from './shops/shops-page';
import { ConversationsPage } from './chat/conversations-page';
import { ThreadPage } from './chat/thread-page';
import { CommunityPage } from './community/community-page';
import { NewPostPage } from './community/new-post-page';
import { PostPage } from './community/post-page';
import { RespondPage } from './community/respond-page';
import { CONTENT_ROUTES } from './content/content-routes';
import { POLICIES_ROUTES } from './policies/policies-routes';
import { TAILORING_ROUTES } from './tailoring/tailoring-routes';

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
  [ROUTES.accountPhone]: <PhoneVerificationPage />,
  [ROUTES.account]: <AccountPage />,
  [ROUTES.address]: <AddressesPage />,
  [ROUTES.settings]: <SettingsPage />,
  [ROUTES.conversations]: <ConversationsPage />,
  [ROUTES.communityMessages]: <ThreadPageRoute />,
  [ROUTES.communityNew]: <NewPostPage />,
  [ROUTES.sellerRespond]: <RespondPageRoute />,
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
  return (
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
  );
}
