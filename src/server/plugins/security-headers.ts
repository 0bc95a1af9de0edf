/**
 * Security headers, set in one place for every response (API, media, static
 * files, errors, the SSE stream):
 *
 * - all: nosniff (a response is only ever what its Content-Type says) and a
 *   referrer policy that keeps paths and queries on this origin;
 * - HTML (the PWA's pages): a Content-Security-Policy that allows the app's own
 *   scripts, workers, styles and images and nothing from elsewhere, and no
 *   framing (frame-ancestors, plus X-Frame-Options for older browsers);
 * - SVG (generated pictures, icons): opened on its own, an SVG is a document
 *   that could run script; this policy lets it draw and nothing more.
 *
 * The HTML policy is what the PWA needs: index.html loads /boot.js (a classic
 * script file) and vite's module scripts, has an inline <style> (React also sets
 * style attributes: 'unsafe-inline' for styles only), starts a module worker
 * from /assets and registers the service worker, and only talks to its origin.
 * It has no inline script: one would need a hash here. With Google sign-in
 * configured (GOOGLE_CLIENT_ID), the Google Identity Services button also loads
 * its script, styles and iframe from https://accounts.google.com and talks to it.
 * With push configured (FIREBASE_WEB_CONFIG + FIREBASE_VAPID_KEY), the page's
 * firebase/messaging talks to the Firebase installations and FCM registration
 * APIs (connect-src only; nothing is loaded from there).
 *
 * Every response also carries a Permissions-Policy that denies camera,
 * microphone and payment (nothing here uses them), allows geolocation to our
 * own origin only (checkout's 'Detect my location'), and a
 * Cross-Origin-Opener-Policy that keeps other origins' windows out of ours
 * (same-origin; same-origin-allow-popups with Google sign-in, whose popup must
 * be able to answer its opener).
 *
 * Responses to https requests (the socket, or X-Forwarded-Proto from a trusted
 * proxy: TRUST_PROXY) carry Strict-Transport-Security for a year, subdomains
 * included; plain-http responses never do (browsers ignore it there anyway, and
 * a local http setup must not be pinned).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

const GOOGLE_ORIGIN = 'https://accounts.google.com';
/** What firebase/messaging's getToken calls (docs/COMMUNITY.md "Push"). */
export const FIREBASE_CONNECT_ORIGINS = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

/**
 * The HTML policy; `google` adds the Google Identity Services origin where its button needs it, `firebase`
 * the push APIs to connect-src.
 */
export function htmlContentSecurityPolicy(opts: { google?: boolean; firebase?: boolean } = {}): string {
  const g = opts.google ? ` ${GOOGLE_ORIGIN}` : '';
  const f = opts.firebase ? ` ${FIREBASE_CONNECT_ORIGINS.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${g}`,
    `style-src 'self' 'unsafe-inline'${g}`,
    "img-src 'self' data: blob:",
    `connect-src 'self'${g}${f}`,
    ...(opts.google ? [`frame-src ${GOOGLE_ORIGIN}`] : []),
    "worker-src 'self'",
    "manifest-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const HTML_CONTENT_SECURITY_POLICY = htmlContentSecurityPolicy();

export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(self), payment=()';

export const COMMON_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
} as const;

export interface SecurityHeaderOptions {
  /** Google sign-in is configured: the HTML policy admits accounts.google.com and COOP lets its popup answer. */
  google?: boolean;
  /** Push is configured: the HTML policy lets the page connect to the Firebase push APIs. */
  firebase?: boolean;
}

const policyKey = (google: boolean, firebase: boolean): string => `${google}/${firebase}`;
const POLICIES = new Map<string, string>(
  [false, true].flatMap((google) => [false, true].map((firebase) => [policyKey(google, firebase), htmlContentSecurityPolicy({ google, firebase })] as const)),
);

function mediaType(contentType: unknown): string {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return typeof value === 'string' ? (value.split(';')[0] ?? '').trim().toLowerCase() : '';
}

/** Sets the headers for a reply of the given Content-Type. */
export function setSecurityHeaders(reply: FastifyReply, contentType: unknown, opts: SecurityHeaderOptions = {}): void {
  const google = opts.google === true;
  const firebase = opts.firebase === true;
  reply.headers(COMMON_SECURITY_HEADERS);
  if (google) reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
  const type = mediaType(contentType);
  if (type === 'text/html') {
    reply.header('content-security-policy', POLICIES.get(policyKey(google, firebase)) ?? HTML_CONTENT_SECURITY_POLICY);
    reply.header('x-frame-options', 'DENY');
  } else if (type === 'image/svg+xml') {
    reply.header('content-security-policy', SVG_CONTENT_SECURITY_POLICY);
  }
}

/**
 * Registers the hook on the root instance, so it covers every route and plugin, and the 404 and error
 * replies. Requests that fail before routing (a malformed URL) skip hooks: app.ts's frameworkErrors calls
 * setSecurityHeaders itself.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions = {}): void {
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(reply, reply.getHeader('content-type'), opts);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });
}
