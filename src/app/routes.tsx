/** The app's routes (spec §2), relative to the optional language prefix. */
import { Route, Switch } from 'wouter';
import { CategoriesPage } from './pages/categories-page';
import { HomePage } from './pages/home-page';
import { CategoryPage, GenderPage, ProductsPage } from './pages/listing-pages';
import { NotFoundPage } from './pages/not-found-page';
import { ProductPage } from './pages/product-page';
import { ShopPage } from './pages/shop-page';
import { ROUTES } from './routing/paths';

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
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
