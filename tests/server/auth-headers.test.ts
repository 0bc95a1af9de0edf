/**
 * Cache-Control: no-store on auth/user/seller answers and on API answers to requests that present a session;
 * Permissions-Policy and Cross-Origin-Opener-Policy on everything; the HTML policy admits Google's sign-in
 * origin only when Google is configured.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_CONTENT_SECURITY_POLICY } from '../../src/server/plugins/security-headers';
import { authHeaders, registerUser, startAuthServer, type AuthServer } from '../helpers/auth';

let dist: string;
let server: AuthServer;
let withGoogle: AuthServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'souk-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Souk</title>');
  [server, withGoogle] = await Promise.all([
    startAuthServer({ products: 5, staticDir: dist }),
    startAuthServer({ products: 0, staticDir: dist, auth: { googleClientId: '1234-x.apps.googleusercontent.com' } }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await withGoogle?.close();
  rmSync(dist, { recursive: true, force: true });
});

const NAVIGATE = { accept: 'text/html' };

describe('no-store', () => {
  it('on every /api/auth, /api/user and /api/seller answer, errors included', async () => {
    for (const path of ['/api/auth/config', '/api/auth/csrf-cookie', '/api/user/profile', '/api/seller/shop', '/api/auth/nothing']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('on API answers to a request that presents a session, not on the same public answer without one', async () => {
    const { token } = await registerUser(server.url);
    const path = '/api/products/all?per_page=5';
    const open = await fetch(`${server.url}${path}`);
    expect(open.headers.get('cache-control')).not.toBe('no-store');
    for (const headers of [authHeaders(token), { authorization: 'Bearer junk' }, { cookie: 'souk_session=junk' }]) {
      const res = await fetch(`${server.url}${path}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('security headers', () => {
  it('Permissions-Policy and COOP on API, HTML and errors', async () => {
    for (const [path, headers] of [['/api/auth/config', {}], ['/', NAVIGATE], ['/api/nothing', {}]] as const) {
      const res = await fetch(`${server.url}${path}`, { headers });
      expect(res.headers.get('permissions-policy'), path).toBe('camera=(), microphone=(), geolocation=(self), payment=()');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
    }
  });

  it('the HTML policy is unchanged without Google, and admits accounts.google.com with it', async () => {
    const plain = await fetch(`${server.url}/`, { headers: NAVIGATE });
    expect(plain.headers.get('content-security-policy')).toBe(HTML_CONTENT_SECURITY_POLICY);
    expect(HTML_CONTENT_SECURITY_POLICY).not.toContain('google');

    const res = await fetch(`${withGoogle.url}/`, { headers: NAVIGATE });
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    for (const name of ['script-src', 'style-src', 'connect-src', 'frame-src']) expect(directive(name), name).toContain('https://accounts.google.com');
    expect(directive('script-src')).toBe("script-src 'self' https://accounts.google.com");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    // The Google popup must be able to answer its opener.
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
