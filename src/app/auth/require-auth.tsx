/**
 * Guards a protected page (/profile, /checkout, /orders, /account, /address,
 * /settings, /account/phone): a guest is sent, replacing the history entry, to
 * /login?redirect=<this page>, and comes back after login or register.
 */
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginPath } from '../routing/paths';
import { useSession } from './use-session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (status !== 'signed-in') {
    return <Redirect to={loginPath(search ? `${location}?${search}` : location)} replace />;
  }
  return <>{children}</>;
}
