/**
 * The operator's console (/admin: shops; /admin/moderation, /admin/money, /admin/inbox, /admin/audit; issue 24):
 * one chunk, loaded on demand by the first visit to any of these pages, so shoppers never download it.
 */
import { Route, Switch } from 'wouter';
import { ROUTES } from '../routing/paths';
import { AuditPage } from './audit-page';
import { InboxPage } from './inbox-page';
import { ModerationPage } from './moderation-page';
import { MoneyPage } from './money-page';
import { ShopsPage } from './shops-page';

export function AdminApp() {
  return (
    <Switch>
      <Route path={ROUTES.admin}>
        <ShopsPage />
      </Route>
      <Route path={ROUTES.adminModeration}>
        <ModerationPage />
      </Route>
      <Route path={ROUTES.adminMoney}>
        <MoneyPage />
      </Route>
      <Route path={ROUTES.adminInbox}>
        <InboxPage />
      </Route>
      <Route path={ROUTES.adminAudit}>
        <AuditPage />
      </Route>
    </Switch>
  );
}
