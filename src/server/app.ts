/**
 * The HTTP application. Layout: security headers (one hook for every reply)
 * → external plugins (compression, static files) → app plugins (the database
 * handle and repositories, decorated on the instance; the error handler) →
 * thin route files.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from './db/database';
import { ApiError } from './http/api-error';
import { createRepositories, type Repositories } from './repositories';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler, sendError } from './plugins/error-handler';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerSecurityHeaders, setSecurityHeaders } from './plugins/security-headers';
import { registerStaticPwa } from './plugins/static-pwa';
import { categoryRoutes } from './routes/categories';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { productRoutes } from './routes/products';
import { shopRoutes } from './routes/shops';
import { stockRoutes } from './routes/stock';
import { syncPullRoutes } from './routes/sync-pull';
import { syncStreamRoutes, type SyncStreamOptions } from './routes/sync-stream';

export interface AppOptions {
  /** The query-layer handle (see db/database.ts); the caller owns it and closes it. */
  db: Database;
  /** Built PWA to serve (index.html, assets, service worker); null or absent: API only. */
  staticDir?: string | null;
  /** Fastify logger: false (default), true, or pino options. */
  logger?: boolean | object;
  /** Replication stream tuning (tests shorten the heartbeat). */
  sync?: SyncStreamOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Repositories over opts.db: the routes' only way to the data. */
    repos: Repositories;
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: (opts.logger ?? false) as FastifyServerOptions['logger'],
    // Ids and slugs are short; a longer path segment simply does not match a route (→ 404).
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs and the like become our JSON 400 shape.
    frameworkErrors: (error, _request, reply) => {
      setSecurityHeaders(reply, 'application/json');
      sendError(reply, error);
    },
  });

  // First, so that it covers everything registered after it, down to 404s and errors.
  registerSecurityHeaders(app);

  // External plugins.
  await registerCompression(app);

  // App plugins.
  app.decorate('repos', createRepositories(opts.db));
  registerErrorHandler(app);
  registerGracefulClose(app);

  // Routes.
  await app.register(healthRoutes);
  await app.register(categoryRoutes);
  await app.register(productRoutes);
  await app.register(stockRoutes);
  await app.register(shopRoutes);
  await app.register(syncPullRoutes);
  await app.register(syncStreamRoutes(opts.sync ?? {}));
  await app.register(mediaRoutes);

  if (opts.staticDir) {
    await registerStaticPwa(app, opts.staticDir);
  } else {
    app.setNotFoundHandler((_request, reply) => sendError(reply, new ApiError('ROUTE_NOT_FOUND')));
  }
  return app;
}
