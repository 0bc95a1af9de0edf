/**
 * 'Continue with Google': asks the server whether Google sign-in is configured
 * (GET /api/auth/config). Not configured → a disabled button and a note saying
 * so. Configured → Google Identity Services renders its own button; the
 * credential it returns goes to POST /api/auth/verify-google-token.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthSuccess } from '../../domain/account';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import { apiRequest } from './api-client';
import * as styles from './auth-form.css';
import { useErrorText } from './error-text';
import { loadGoogleIdentity } from './google-identity';

interface AuthConfig {
  google: { configured: boolean; client_id: string | null };
}

export type GoogleResult = Pick<AuthSuccess, 'token' | 'user'>;

type State = { kind: 'loading' } | { kind: 'off' } | { kind: 'unavailable' } | { kind: 'on'; clientId: string };

function prefersDark(): boolean {
  const theme = document.documentElement.dataset.theme;
  if (theme) return theme === 'dark';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

export function GoogleSignIn({
  onSignedIn,
  onError,
  text = 'continue_with',
}: {
  onSignedIn: (result: GoogleResult) => void;
  onError: (message: string | null) => void;
  text?: 'continue_with' | 'signup_with' | 'signin_with';
}) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const errorText = useErrorText();
  const noteId = useId();
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  // The latest callbacks, for Google's callback which is registered once.
  const handlers = useRef({ onSignedIn, onError, errorText });
  useEffect(() => {
    handlers.current = { onSignedIn, onError, errorText };
  });

  useEffect(() => {
    let live = true;
    apiRequest<AuthConfig>('GET', '/api/auth/config').then(
      (config) => {
        if (!live) return;
        const clientId = config.google.configured ? config.google.client_id : null;
        setState(clientId ? { kind: 'on', clientId } : { kind: 'off' });
      },
      () => live && setState({ kind: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const clientId = state.kind === 'on' ? state.clientId : null;
  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGoogleIdentity().then(
      (gsi) => {
        const parent = slot.current;
        if (!live || !parent) return;
        gsi.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            setBusy(true);
            handlers.current.onError(null);
            apiRequest<GoogleResult>('POST', '/api/auth/verify-google-token', { credential })
              .then((result) => handlers.current.onSignedIn(result))
              .catch((error: unknown) => handlers.current.onError(handlers.current.errorText(error, 'google')))
              .finally(() => setBusy(false));
          },
        });
        parent.replaceChildren();
        gsi.renderButton(parent, {
          type: 'standard',
          theme: prefersDark() ? 'filled_black' : 'outline',
          size: 'large',
          text,
          shape: 'rectangular',
          locale: language === 'ma' ? 'ar' : language,
          width: Math.min(400, Math.max(200, parent.clientWidth)),
        });
      },
      () => live && setState({ kind: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [clientId, language, text]);

  if (state.kind === 'on') {
    return (
      <div className={styles.google} aria-busy={busy}>
        <div ref={slot} className={styles.googleSlot} />
        {busy ? (
          <p className={styles.googleNote} role="status">
            {t('google.signingIn')}
          </p>
        ) : null}
      </div>
    );
  }

  const note =
    state.kind === 'loading' ? t('google.loading') : state.kind === 'off' ? t('google.notConfigured') : t('google.unavailable');
  return (
    <div className={styles.google}>
      <button
        type="button"
        className={button({ tone: 'secondary', block: true })}
        disabled
        aria-describedby={noteId}
        data-testid="google-sign-in"
      >
        {t('google.continue')}
      </button>
      <p id={noteId} className={styles.googleNote}>
        {note}
      </p>
    </div>
  );
}
