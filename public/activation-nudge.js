/*
 * An empty dedicated worker. After Reload on the update banner, src/app/sw/apply-update.ts starts it every 1.5 s
 * while the new service worker has been asked to take over (SKIP_WAITING) and has not yet: loading a worker script
 * in scope makes Chromium try the activation again. See src/app/sw/activation-nudge.ts.
 */
self.close();
