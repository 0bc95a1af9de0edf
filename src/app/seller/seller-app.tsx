/**
 * The seller's app (/seller, /seller/register, /seller/products, /seller/products/new, /seller/products/{id}):
 * one chunk, loaded on demand by the first visit to any of these pages, so the shopper's first route carries only
 * its route entries (routes.tsx). The orders page (/seller/orders) is a chunk of its own, as before.
 */
import { Route, Switch } from 'wouter';
import { ROUTES } from '../routing/paths';
import { MoneyPage } from './money-page';
import { MoneyStatementPage } from './money-statement-page';
import { ProductFormPage } from './product-form-page';
import { SellerDashboardPage } from './seller-dashboard-page';
import { SellerProductsPage } from './seller-products-page';
import { SellerRegisterPage } from './seller-register-page';

export function SellerApp() {
  return (
    <Switch>
      <Route path={ROUTES.seller}>
        <SellerDashboardPage />
      </Route>
      <Route path={ROUTES.sellerRegister}>
        <SellerRegisterPage />
      </Route>
      <Route path={ROUTES.sellerProducts}>
        <SellerProductsPage />
      </Route>
      <Route path={ROUTES.sellerProductNew}>
        <ProductFormPage id={null} />
      </Route>
      <Route path={ROUTES.sellerProduct}>{(params) => <ProductFormPage key={params.id} id={params.id} />}</Route>
      <Route path={ROUTES.sellerMoney}>
        <MoneyPage />
      </Route>
      <Route path={ROUTES.sellerStatement}>{(params) => <MoneyStatementPage key={params.id} id={params.id} />}</Route>
    </Switch>
  );
}
