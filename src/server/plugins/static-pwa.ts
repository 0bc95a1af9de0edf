/**
 * Serves the built PWA. Hashed files under /assets/ are immutable; the entry
 * points that must be revalidated on every load (index.html, the service
 * worker, the manifest) are no-cache; a navigation to any app route that is not
 * a file gets index.html so deep links work.
 *
 * Not everything in dist/ is for browsers: dotfiles (the build stamp of
 * `npm start`) and source maps (vite writes hidden ones, for reading error
 * reports against the original sources) are 404s, as if absent.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { IMMUTABLE, publicFor, REVALIDATE } from '../http/cache-control';
import { sendError } from './error-handler';

const SHORT = publicFor(3600);

/** Files that name the current release: never served stale. */
const ENTRY_FILES = new Set([
  'index.html',
  'sw.js',
  'service-worker.js',
  'registerSW.js',
  'manifest.webmanifest',
  'manifest.json',
]);

export function cacheControlFor(urlPath: string): string {
  const name = urlPath.split('/').pop() ?? '';
  if (ENTRY_FILES.has(name) || urlPath === '/') return REVALIDATE;
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  return SHORT;
}

/** Paths the SPA fallback must never answer: the API and the media routes. */
function isBackendPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/media' || path.startsWith('/media/');
}

const SOURCE_MAP = /\.map$/i;

/** Files of the build that are not served: source maps (and dotfiles, which @fastify/static ignores). */
export function isPrivateFile(urlPath: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return true;
  }
  return SOURCE_MAP.test(path) || path.split('/').some((segment) => segment.startsWith('.'));
}

export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (isBackendPath(path) || isPrivateFile(path)) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

export async function registerStaticPwa(app: FastifyInstance, dir: string): Promise<void> {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // Look files up per request, so a rebuild is served without a restart.
    wildcard: true,
    index: ['index.html'],
    // Dotfiles and source maps answer 404 (the not-found handler), exactly like files that do not exist.
    dotfiles: 'ignore',
    allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
    cacheControl: false,
    setHeaders(reply, filePath) {
      const urlPath = `/${relative(root, filePath).split(sep).join('/')}`;
      reply.header('cache-control', cacheControlFor(urlPath));
    },
  });

  app.setNotFoundHandler((request, reply: FastifyReply) => {
    if (isNavigation(request) && existsSync(indexFile)) {
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html', root);
    }
    return sendError(reply, new ApiError('ROUTE_NOT_FOUND'));
  });
}
