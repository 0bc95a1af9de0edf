/**
 * Every route an app registers, read from Fastify's own route tree
 * (`printRoutes({commonPrefix: false})`): each line is a node whose label is
 * appended to its parent's path, with the methods it answers in parentheses.
 * The matrix's completeness check and the write fuzz both start from here, so a
 * route nobody listed cannot slip past them.
 */
import type { FastifyInstance } from 'fastify';
import type { Method } from './authz-http';

export interface RegisteredRoute {
  method: string;
  /** Fastify path template, e.g. '/api/user/addresses/:id'. */
  url: string;
}

const LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u;

export function parseRouteTree(tree: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const raw of tree.split('\n')) {
    if (raw.trim() === '') continue;
    const match = LINE.exec(raw);
    if (!match) throw new Error(`unreadable route tree line: ${JSON.stringify(raw)}`);
    const depth = [...(match[1] ?? '')].length / 4;
    const url = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[2] ?? '');
    stack.length = depth;
    stack.push(url);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '')) {
      routes.push({ method, url });
    }
  }
  return routes;
}

export async function registeredRoutes(app: FastifyInstance): Promise<RegisteredRoute[]> {
  await app.ready();
  return parseRouteTree(app.printRoutes({ commonPrefix: false }));
}

const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export function isWriteMethod(method: string): method is Exclude<Method, 'GET'> {
  return WRITE_METHODS.includes(method);
}

/** Routes the matrix must account for: anything under the account prefixes, and every write under /api. */
export function needsAuthzDecision(route: RegisteredRoute): boolean {
  if (route.method === 'HEAD' || route.method === 'OPTIONS') return false;
  if (/^\/api\/(user|seller|auth)(\/|$)/.test(route.url)) return true;
  return route.url.startsWith('/api/') && isWriteMethod(route.method);
}

export const routeKey = (method: string, url: string): string => `${method} ${url}`;
