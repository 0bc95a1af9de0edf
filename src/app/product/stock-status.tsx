/**
 * A stock check as the buyer sees it: checking, the outcome's message, the
 * 'may be out of date' note when the last synced stock stands in for the
 * server, and Try again after an error. A polite live region, so a screen
 * reader hears the answer without losing its place.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { numberLocale } from '../../domain/money';
import { button } from '../theme/recipes.css';
import * as styles from './availability.css';
import { stockMessage, type StockTone } from './stock-message';
import type { StockView } from './use-stock-check';

interface Props {
  id: string;
  view: StockView;
  onRetry: () => void;
  /** Shown while nothing is asked yet (e.g. 'choose your options'). */
  idle?: { message: string; tone: StockTone };
  /** Extra lines under the message (e.g. the variant's price). */
  children?: ReactNode;
}

function formatSynced(at: number, language: string): string {
  return new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

export function StockStatus({ id, view, onRetry, idle, children }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { result } = view;
  const shown =
    view.phase === 'idle'
      ? (idle ?? { message: '', tone: 'info' as const })
      : result
        ? stockMessage(t, result.outcome, result.availableQuantity)
        : { message: t('stockCheck.checking'), tone: 'info' as const };
  const stale = result?.source === 'local' ? view.fallbackReason : null;
  const note =
    stale === null || !result
      ? null
      : t(stale === 'offline' ? 'stockCheck.staleOffline' : 'stockCheck.staleFailed', {
          date: result.at === null ? '—' : formatSynced(result.at, language),
        });

  return (
    <div className={styles.wrap}>
      <div
        id={id}
        className={styles.box}
        data-tone={shown.tone}
        data-outcome={view.phase === 'done' ? result?.outcome : undefined}
        data-source={view.phase === 'done' ? result?.source : undefined}
        role="status"
        aria-live="polite"
        aria-busy={view.phase === 'checking'}
        data-testid="availability"
      >
        <p className={styles.message}>{shown.message}</p>
        {note && (
          <p className={styles.note} data-testid="stock-stale-note">
            {note}
          </p>
        )}
        {children}
      </div>
      {result?.outcome === 'error' && view.phase === 'done' && (
        <button type="button" className={button({ tone: 'secondary', size: 'sm' })} onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
