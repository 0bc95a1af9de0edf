/** The app's routes (spec §2), relative to the optional language prefix. */
import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { AccountPage } from './account/account-page';
import { AddressesPage } from './account/addresses-page';
import { CheckoutPage } from './account/checkout-page';
import { OrdersPage } from './account/orders-page';
import { PhoneVerificationPage } from './account/phone-verification-page';
import { ProfilePage } from './account/profile-page';
import { SettingsPage } from './account/settings-page';
import { LoginPage } from './auth/login-page';
import { RegisterPage } from './auth/register-page';
import { RequireAuth } from './auth/require-auth';
import { CategoriesPage } from './pages/categories-page';
import { HomePage } from './pages/home-page';
import { CategoryPage, GenderPage, ProductsPage } from './pages/listing-pages';
import { NotFoundPage } from './pages/not-found-page';
import { ProductPage } from './pages/product-page';
import { ShopPage } from './pages/shop-page';
import { ROUTES } from './routing/paths';

/** The protected pages (docs/ACCOUNTS.md): a guest goes to /login?redirect=… and comes back. */
const PROTECTED: { path: string; page: ReactNode }[] = [
  { path: ROUTES.profile, page: <ProfilePage /> },
  { path: ROUTES.checkout, page: <CheckoutPage /> },
  { path: ROUTES.orders, page: <OrdersPage /> },
  { path: ROUTES.accountPhone, page: <PhoneVerificationPage /> },
  { path: ROUTES.account, page: <AccountPage /> },
  { path: ROUTES.address, page: <AddressesPage /> },
  { path: ROUTES.settings, page: <SettingsPage /> },
];

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
      <Route path={ROUTES.shop}>{(params) => <ShopPage slugOrId={params.slug} />}</Route>
      <Route path={ROUTES.login}>
        <LoginPage />
      </Route>
      <Route path={ROUTES.register}>
        <RegisterPage />
      </Route>
      {PROTECTED.map(({ path, page }) => (
        <Route key={path} path={path}>
          <RequireAuth>{page}</RequireAuth>
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
