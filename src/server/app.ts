/**
 * The HTTP application. Layout: security headers (one hook for every reply)
 * → external plugins (compression, cookies, rate limits, static files) → app
 * plugins (the database handle and repositories, decorated on the instance;
 * the error handler; who is asking and CSRF, see auth/) → thin route files.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AuthOptions, ResolvedAuthOptions } from './auth/auth-options';
import { registerAuthPlugin } from './auth/auth-plugin';
import { registerCsrf } from './auth/csrf';
import { createGoogleVerifier } from './auth/google';
import { SCRYPT_LOG2N } from './auth/passwords';
import { registerRateLimits, resolveRateLimits } from './auth/rate-limits';
import { resolveAuthSecret } from './auth/secret';
import { SessionEvents } from './auth/session-events';
import type { Database } from './db/database';
import { ApiError } from './http/api-error';
import { createRepositories, type Repositories } from './repositories';
import { registerCompression } from './plugins/compression';
import { resolvePushConfig, setUpPush, type PushOptions } from './push/push-plugin';
import { pushConfigured } from './push/push-config';
import { registerErrorHandler, sendError } from './plugins/error-handler';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerSecurityHeaders, setSecurityHeaders } from './plugins/security-headers';
import { registerIdempotency } from './plugins/idempotency';
import { registerStaticPwa } from './plugins/static-pwa';
import { DEFAULT_SWEEP_INTERVAL_MS, registerSweeper } from './plugins/sweeper';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { categoryRoutes } from './routes/categories';
import { followRoutes } from './routes/follows';
import { reviewMediaRoutes } from './routes/review-media';
import { reviewRoutes } from './routes/reviews';
import { syncPersonalPullRoutes } from './routes/sync-personal-pull';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { productRoutes } from './routes/products';
import { sellerShopRoutes } from './routes/seller-shop';
import { shopRoutes } from './routes/shops';
import { stockRoutes } from './routes/stock';
import { syncPullRoutes } from './routes/sync-pull';
import { syncViewRoutes } from './routes/sync-view';
import { syncStreamRoutes, type SyncStreamOptions } from './routes/sync-stream';
import { userAddressRoutes } from './routes/user-addresses';
import { userPhoneRoutes } from './routes/user-phone';
import { userProfileRoutes } from './routes/user-profile';
import { wishlistRoutes } from './routes/wishlist';
import { orderRoutes } from './routes/orders';
import { orderReviewRoutes } from './routes/order-reviews';
import { paymentRoutes } from './routes/payments';
import { sellerOrderRoutes } from './routes/seller-orders';
import { sellerProductRoutes } from './routes/seller-products';
import { sellerProductCsvRoutes } from './routes/seller-products-csv';
import { sellerProductImageRoutes } from './routes/seller-products-images';
import { syncOrdersPullRoutes } from './routes/sync-orders-pull';
import { registerChat, type ChatOptions } from './chat/chat-plugin';
import { messageRoutes } from './routes/messages';
import { messagePullRoutes } from './routes/messages-pull';
import { communityPostRoutes } from './routes/community-posts';
import { communityPullRoutes } from './routes/community-pull';
import { communityMediaRoutes } from './routes/community-media';
import { contactRoutes } from './routes/contact';
import { newsletterRoutes } from './routes/newsletter';
import { tailoringRoutes } from './routes/tailoring';
import { adminCatalogRoutes } from './routes/admin-catalog';
import { adminShopRoutes } from './routes/admin-shops';
import { sellerRegisterRoutes } from './routes/seller-register';
import { sellerLedgerRoutes } from './routes/seller-ledger';
import { sellerPayoutRoutes } from './routes/seller-ledger-payouts';
import { sellerAlertRoutes } from './routes/seller-alerts';
import { sellerReviewReplyRoutes } from './routes/seller-review-replies';
import { adminPeriodRoutes } from './routes/admin-periods';
import { adminPayoutRoutes } from './routes/admin-payouts';
import { adminAuditRoutes } from './routes/admin-audit';
import { adminModerationRoutes } from './routes/admin-moderation';
import type { MoneyOptions } from './repositories/ledger-booking';
import { createMailSender } from './mail/create-mail-sender';
import type { MailOptions, MailSender } from './mail/mail-sender';
import { adminInboxRoutes } from './routes/admin-inbox';
import { adminCodRemittanceRoutes } from './routes/admin-cod-remittances';
import { adminAdjustmentRoutes } from './routes/admin-adjustments';

export interface AppOptions {
  /** The query-layer handle (see db/database.ts); the caller owns it and closes it. */
  db: Database;
  /** Built PWA to serve (index.html, assets, service worker); null or absent: API only. */
  staticDir?: string | null;
  /** Fastify logger: false (default), true, or pino options. */
  logger?: boolean | object;
  /** Replication stream tuning (tests shorten the heartbeat). */
  sync?: SyncStreamOptions;
  /** Sessions, Google sign-in, rate limits, SMS (see auth/auth-options.ts); all optional. */
  auth?: AuthOptions;
  /**
   * Fastify's trustProxy (config TRUST_PROXY): false (default) uses the socket's address and protocol;
   * a hop count or the proxies' addresses/CIDRs make X-Forwarded-For/-Proto/-Host count.
   */
  trustProxy?: boolean | number | string[];
  /** The chat socket and its bus (see chat/chat-plugin.ts); all optional. */
  chat?: ChatOptions;
  /** Push (docs/COMMUNITY.md "Push"): Firebase web config, VAPID key, FCM service account; absent: the local sender. */
  push?: PushOptions;
  /** Sellers' money (docs/MONEY.md): the default commission in basis points (COMMISSION_RATE); absent: 10 %. */
  money?: MoneyOptions;
  /** The operator's mail (docs/OPERATOR.md "Inbox"): a sender, or SMTP_URL; absent: the log sender. */
  mail?: MailOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Repositories over opts.db: the routes' only way to the data. */
    repos: Repositories;
    /** Outgoing mail (the operator's answers): SMTP when configured, else the log sender. */
    mail: MailSender;
  }
}

/** Fastify's trustProxy; a hop count becomes its function form (the first n hops are trusted), as Fastify does. */
function trustProxyOption(trust: AppOptions['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust ?? false;
}

async function resolveAuthOptions(opts: AppOptions): Promise<ResolvedAuthOptions> {
  const auth = opts.auth ?? {};
  const googleClientId = auth.googleClientId ?? null;
  return {
    secret: await resolveAuthSecret(opts.db, auth.secret),
    google: auth.google !== undefined ? auth.google : googleClientId !== null ? createGoogleVerifier(googleClientId) : null,
    googleClientId,
    rateLimits: resolveRateLimits(auth.rateLimits),
    sms: auth.sms,
    scryptLog2N: auth.scryptLog2N ?? SCRYPT_LOG2N,
    now: auth.now ?? Date.now,
    secureCookies: auth.secureCookies ?? process.env.NODE_ENV === 'production',
    sweepIntervalMs: auth.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
  };
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const authOptions = await resolveAuthOptions(opts);
  const app = Fastify({
    logger: (opts.logger ?? false) as FastifyServerOptions['logger'],
    trustProxy: trustProxyOption(opts.trustProxy),
    // Ids and slugs are short; a longer path segment simply does not match a route (→ 404).
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs and the like become our JSON 400 shape.
    frameworkErrors: (error, _request, reply) => {
      setSecurityHeaders(reply, 'application/json');
      sendError(reply, error);
    },
  });

  // First, so that it covers everything registered after it, down to 404s and errors.
  registerSecurityHeaders(app, { google: authOptions.googleClientId !== null, firebase: pushConfigured(resolvePushConfig(opts.push)) });

  // External plugins.
  await registerCompression(app);
  await app.register(cookie);
  await registerRateLimits(app, authOptions.rateLimits, { db: opts.db, now: authOptions.now });

  // App plugins.
  app.decorate('repos', createRepositories(opts.db, opts.money));
  app.addHook('onClose', async () => app.repos.products.close());
  app.decorate('authOptions', authOptions);
  app.decorate('sessionEvents', new SessionEvents(app.log));
  // Push (docs/COMMUNITY.md): the FCM sender when configured, else the local one (push_log).
  const push = setUpPush(app, opts.db, opts.push);
  app.decorate('push', push.service);
  const mail = createMailSender(opts.mail, app.log);
  app.decorate('mail', mail.sender);
  app.addHook('onClose', async () => mail.close());
  registerErrorHandler(app);
  registerGracefulClose(app);
  registerSweeper(app, opts.db, authOptions.sweepIntervalMs);
  registerAuthPlugin(app, opts.db);
  registerCsrf(app);
  registerIdempotency(app, opts.db, { now: authOptions.now });

  // Routes.
  await app.register(authRoutes(opts.db));
  // Account routes (S2 registers user and seller routes here)
  await app.register(userProfileRoutes);
  await app.register(userAddressRoutes);
  await app.register(userPhoneRoutes);
  await app.register(sellerShopRoutes);

  await app.register(healthRoutes);
  await app.register(categoryRoutes);
  await app.register(productRoutes);
  await app.register(stockRoutes);
  await app.register(shopRoutes);
  await app.register(followRoutes);
  await app.register(reviewRoutes);
  await app.register(cartRoutes);
  await app.register(wishlistRoutes);
  await app.register(orderRoutes);
  await app.register(orderReviewRoutes);
  await app.register(paymentRoutes);
  await app.register(sellerOrderRoutes);
  await app.register(sellerProductRoutes);
  await app.register(sellerProductCsvRoutes);
  await app.register(sellerProductImageRoutes);
  await app.register(syncOrdersPullRoutes);
  // Messages and the chat socket (docs/COMMUNITY.md): app.chat first, the message routes announce through it.
  await registerChat(app, opts.db, opts.chat);
  await app.register(messageRoutes);
  await app.register(messagePullRoutes);
  await app.register(communityPostRoutes);
  await app.register(communityPullRoutes);
  await app.register(syncPersonalPullRoutes);
  await app.register(syncPullRoutes);
  await app.register(syncViewRoutes);
  await app.register(syncStreamRoutes(opts.sync ?? {}));
  await app.register(mediaRoutes);
  await app.register(reviewMediaRoutes);
  await app.register(communityMediaRoutes);
  await app.register(push.routes);
  await app.register(contactRoutes);
  await app.register(newsletterRoutes);
  await app.register(tailoringRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminShopRoutes);
  await app.register(sellerRegisterRoutes);
  await app.register(sellerLedgerRoutes);
  await app.register(sellerPayoutRoutes);
  await app.register(sellerAlertRoutes);
  await app.register(sellerReviewReplyRoutes);
  await app.register(adminPeriodRoutes);
  await app.register(adminPayoutRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminModerationRoutes);
  await app.register(adminInboxRoutes);
  await app.register(adminCodRemittanceRoutes);
  await app.register(adminAdjustmentRoutes);

  if (opts.staticDir) {
    await registerStaticPwa(app, opts.staticDir);
  } else {
    app.setNotFoundHandler((_request, reply) => sendError(reply, new ApiError('ROUTE_NOT_FOUND')));
  }
  return app;
}
