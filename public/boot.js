/*
 * Runs before first paint (a classic, blocking script in <head>): puts the
 * remembered language and theme on <html> so the page never flashes in the
 * wrong direction or colours. The app's language detector then reads <html lang>
 * as one of its sources (see src/app/i18n/detection.ts) and takes over.
 * Order, as in the detector: ?locale=, path prefix, cookie, localStorage; the
 * html default (ma) otherwise.
 */
(function () {
  var LANGS = ['ma', 'ar', 'fr', 'en', 'es', 'de'];
  var RTL = { ma: true, ar: true };
  var root = document.documentElement;

  function cookie(name) {
    var parts = document.cookie ? document.cookie.split(';') : [];
    for (var i = 0; i < parts.length; i++) {
      var kv = parts[i].trim().split('=');
      if (kv[0] === name) return decodeURIComponent(kv.slice(1).join('='));
    }
    return null;
  }
  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  function supported(tag) {
    if (!tag) return null;
    var lower = String(tag).toLowerCase();
    if (lower === 'ary' || lower === 'ar-ma') return 'ma';
    lower = lower.split('-')[0];
    return LANGS.indexOf(lower) >= 0 ? lower : null;
  }

  var query = null;
  try {
    query = new URLSearchParams(window.location.search).get('locale');
  } catch {
    /* very old browser: no URLSearchParams */
  }
  var pathPrefix = window.location.pathname.split('/')[1];
  var lang =
    supported(query) ||
    supported(pathPrefix) ||
    supported(cookie('souk_lang')) ||
    supported(stored('souk_lang')) ||
    supported(root.getAttribute('lang')) ||
    'ma';
  // Darija's code 'ma' is no language subtag: <html lang> carries its BCP 47 tag (langTag in languages.ts).
  root.setAttribute('lang', lang === 'ma' ? 'ar-MA' : lang);
  root.setAttribute('dir', RTL[lang] ? 'rtl' : 'ltr');

  // The language's start-up catalogues (their chunks, listed by the build in <meta name="souk-catalogues">) start
  // loading now, beside the first route's script, instead of after it has run (issue 25).
  try {
    var meta = document.querySelector('meta[name="souk-catalogues"]');
    var chunks = meta ? JSON.parse(meta.getAttribute('content') || '{}')[lang] || [] : [];
    for (var c = 0; c < chunks.length; c++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = chunks[c];
      document.head.appendChild(link);
    }
  } catch {
    /* no preload: the app asks for them itself */
  }

  var theme = cookie('souk_theme');
  if (theme === 'light' || theme === 'dark') root.setAttribute('data-theme', theme);
})();
