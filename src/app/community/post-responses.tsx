/**
 * The responses to a request, for its owner (docs/COMMUNITY.md): each shop's message, price, delivery and
 * status; Accept / Reject on the pending ones through DataApi.answerResponse (shown at once, queued offline;
 * accepting moves the request to in progress).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CommunityResponse } from '../../domain/community-schemas';
import { formatMAD } from '../../domain/money';
import * as forms from '../account/forms.css';
import { useDataClient } from '../data/data-context';
import { useLanguage } from '../i18n/use-language';
import { shopPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { showToast } from '../ui/toast-store';
import * as styles from './community.css';
import { ResponseStatusBadge } from './post-status-badge';

function ResponseItem({ response, canAnswer }: { response: CommunityResponse; canAnswer: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useDataClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const answer = (status: 'accepted' | 'rejected') => {
    setSending(true);
    setError(null);
    client.answerResponse(response.id, status).then(
      () => {
        setSending(false);
        showToast({
          tone: 'success',
          text: status === 'accepted' ? t('community.responses.acceptedToast') : t('community.responses.rejectedToast'),
        });
      },
      (e: unknown) => {
        console.error('answerResponse failed', e);
        setSending(false);
        setError(t('community.responses.answerError'));
      },
    );
  };

  return (
    <li className={styles.response} data-testid="post-response" data-response-id={response.id} data-status={response.status}>
      <div className={styles.responseHead}>
        <Link href={shopPath(response.shop_slug)} className={styles.cardLink}>
          <bdi>{response.shop_name}</bdi>
        </Link>
        <ResponseStatusBadge status={response.status} />
      </div>
      <p className={styles.description}>{response.message}</p>
      <dl className={styles.pairs}>
        <dt className={styles.term}>{t('community.responses.price')}</dt>
        <dd className={styles.value}>{formatMAD(response.price, language)}</dd>
        <dt className={styles.term}>{t('community.responses.delivery')}</dt>
        <dd className={styles.value}>{t('community.responses.deliveryDays', { count: response.delivery_days })}</dd>
      </dl>
      {canAnswer && response.status === 'pending' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={button({ tone: 'primary' })}
            disabled={sending}
            data-testid="accept-response"
            onClick={() => answer('accepted')}
          >
            {t('community.responses.accept')}
          </button>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={sending}
            data-testid="reject-response"
            onClick={() => answer('rejected')}
          >
            {t('community.responses.reject')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className={forms.failure}>
          {error}
        </p>
      )}
    </li>
  );
}

export function PostResponses({ responses, canAnswer }: { responses: CommunityResponse[]; canAnswer: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="post-responses">
      <h2 id="post-responses" className={styles.cardTitle}>
        {t('community.responses.title')}
      </h2>
      {responses.length === 0 ? (
        <p className={styles.muted} data-testid="no-responses">
          {t('community.responses.none')}
        </p>
      ) : (
        <ul className={styles.responses}>
          {responses.map((response) => (
            <ResponseItem key={response.id} response={response} canAnswer={canAnswer} />
          ))}
        </ul>
      )}
    </section>
  );
}
