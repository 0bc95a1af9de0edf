import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title ('Page · Souk'), so each route is named for screen readers and history. */
export function useDocumentTitle(title: string | null): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : `${app} — ${t('app.tagline')}`;
  }, [title, app, t]);
}
