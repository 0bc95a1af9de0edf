/**
 * CSRF protection in Laravel Sanctum's shape (docs/ACCOUNTS.md), for the one
 * credential a browser sends by itself: the souk_session cookie. A POST, PUT,
 * PATCH or DELETE carrying that cookie and no Authorization header must send
 * X-XSRF-TOKEN equal to the XSRF-TOKEN cookie (compared URL-decoded, as axios
 * sends it), and the token must be one we made (`random.mac`), so a cookie
 * planted by a sibling subdomain does not pass either. Otherwise 419.
 * Bearer requests need nothing: another site cannot make a browser add the header.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { deriveKey } from './auth-options';
import { presentedCredentials, setXsrfCookie, XSRF_COOKIE, XSRF_HEADER } from './cookies';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function macOf(key: Buffer, random: string): string {
  return createHmac('sha256', key).update(random).digest('base64url');
}

export function createXsrfToken(key: Buffer): string {
  const random = randomBytes(24).toString('base64url');
  return `${random}.${macOf(key, random)}`;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isValidXsrfToken(key: Buffer, token: string): boolean {
  const [random, mac, extra] = token.split('.');
  if (random === undefined || mac === undefined || extra !== undefined || random === '' || random.length > 64) return false;
  return sameText(mac, macOf(key, random));
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function passes(key: Buffer, request: FastifyRequest): boolean {
  const header = request.headers[XSRF_HEADER];
  const cookie = request.cookies[XSRF_COOKIE];
  if (typeof header !== 'string' || cookie === undefined) return false;
  const fromHeader = decoded(header);
  const fromCookie = decoded(cookie);
  if (fromHeader === null || fromCookie === null || !sameText(fromHeader, fromCookie)) return false;
  return isValidXsrfToken(key, fromCookie);
}

export function registerCsrf(app: FastifyInstance): void {
  const key = deriveKey(app.authOptions.secret, 'csrf');

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const presented = presentedCredentials(request);
    if (presented.header || presented.cookie === null) return;
    if (!passes(key, request)) throw new ApiError('CSRF_TOKEN_MISMATCH');
  });

  const issue = async (request: FastifyRequest, reply: FastifyReply) => {
    setXsrfCookie(request, reply, createXsrfToken(key));
    return reply.header('cache-control', 'no-store').code(204).send();
  };
  app.get('/api/auth/csrf-cookie', issue);
  app.get('/api/csrf-cookie', issue);
}
