/** A minimal browser for Node tests of detection code: location, cookies, localStorage, <html>, navigator. */
export interface BrowserState {
  url: string;
  cookie: string;
  storage: Record<string, string>;
  htmlLang: string | null;
  languages: string[];
}

export interface StubHtml {
  attributes: Record<string, string>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}

export interface StubBrowser {
  window: {
    location: { search: string; pathname: string; hash: string };
    localStorage: Storage;
  };
  document: { cookie: string; documentElement: StubHtml };
  navigator: { languages: string[]; language: string | undefined };
}

export function stubBrowser(state: BrowserState): StubBrowser {
  const url = new URL(state.url, 'http://localhost');
  const storage = { ...state.storage };
  const localStorage: Storage = {
    get length() {
      return Object.keys(storage).length;
    },
    clear: () => Object.keys(storage).forEach((k) => delete storage[k]),
    getItem: (k) => storage[k] ?? null,
    key: (i) => Object.keys(storage)[i] ?? null,
    removeItem: (k) => void delete storage[k],
    setItem: (k, v) => void (storage[k] = String(v)),
  };
  const attributes: Record<string, string> = {};
  if (state.htmlLang !== null) attributes.lang = state.htmlLang;
  const documentElement: StubHtml = {
    attributes,
    getAttribute: (name) => attributes[name] ?? null,
    setAttribute: (name, value) => void (attributes[name] = value),
  };
  return {
    window: { location: { search: url.search, pathname: url.pathname, hash: url.hash }, localStorage },
    document: { cookie: state.cookie, documentElement },
    navigator: { languages: state.languages, language: state.languages[0] },
  };
}

/** Installs the stub as globals (window, document, navigator) and returns a function that removes them. */
export function installBrowser(stub: StubBrowser): () => void {
  const keys = ['window', 'document', 'navigator'] as const;
  const saved = keys.map((k) => Object.getOwnPropertyDescriptor(globalThis, k));
  for (const k of keys) Object.defineProperty(globalThis, k, { value: stub[k], configurable: true, writable: true });
  return () =>
    keys.forEach((k, i) => {
      const d = saved[i];
      if (d) Object.defineProperty(globalThis, k, d);
      else Reflect.deleteProperty(globalThis, k);
    });
}
