/*
 * An empty dedicated worker. The update banner starts it now and then while a new service worker has been asked to
 * take over (SKIP_WAITING) and has not yet: loading a worker script in scope makes Chromium try the activation
 * again. See src/app/sw/activation-nudge.ts.
 */
self.close();
