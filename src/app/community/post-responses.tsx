/**
 * The responses to a request (docs/COMMUNITY.md): each shop's message, price, delivery, photos and status.
 * Its owner sees them all, with Accept / Reject on the pending ones through DataApi.answerResponse (shown at
 * once, queued offline; accepting moves the request to in progress) and a 'Message the shop' link to the
 * conversation with each shop; a responding seller sees their own, 'Waiting to be sent' while it is queued
 * (an optimistic response has response_id 0 until the server's comes back under the same id).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CommunityResponse } from '../../domain/community-schemas';
import { formatMAD } from '../../domain/money';
import * as forms from '../account/forms.css';
import { useDataClient } from '../data/data-context';
import { useLanguage } from '../i18n/use-language';
import { messageThreadPath, shopPath } from '../routing/paths';
import { badge, button } from '../theme/recipes.css';
import { showToast } from '../ui/toast-store';
import * as styles from './community.css';
import { ResponseStatusBadge } from './post-status-badge';
import { PhotoList } from './photo-list';

interface ResponseCardProps {
  response: CommunityResponse;
  /** The post's owner may accept or reject it while it is pending. */
  canAnswer: boolean;
  /** A link to the conversation with the shop (the post's owner). */
  messageLink?: boolean;
}

export function ResponseCard({ response, canAnswer, messageLink = false }: ResponseCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useDataClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queued = response.response_id === 0;

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
    <li
      className={styles.response}
      data-testid="post-response"
      data-response-id={response.id}
      data-status={response.status}
      data-queued={queued || undefined}
    >
      <div className={styles.responseHead}>
        <Link href={shopPath(response.shop_slug)} className={styles.cardLink}>
          <bdi>{response.shop_name}</bdi>
        </Link>
        <span className={styles.badges}>
          {queued && (
            <span className={badge({ tone: 'highlight' })} data-testid="response-local-state">
              {t('community.respond.queued')}
            </span>
          )}
          <ResponseStatusBadge status={response.status} />
        </span>
      </div>
      <p className={styles.description}>{response.message}</p>
      <dl className={styles.pairs}>
        <dt className={styles.term}>{t('community.responses.price')}</dt>
        <dd className={styles.value}>{formatMAD(response.price, language)}</dd>
        <dt className={styles.term}>{t('community.responses.delivery')}</dt>
        <dd className={styles.value}>{t('community.responses.deliveryDays', { count: response.delivery_days })}</dd>
      </dl>
      <PhotoList images={response.images} />
      {queued && <p className={styles.muted}>{t('community.respond.queuedText')}</p>}
      {messageLink && (
        <Link href={messageThreadPath(response.shop_id)} className={styles.inlineLink} data-testid="message-shop">
          {t('community.respond.messageShop')}
        </Link>
      )}
      {canAnswer && !queued && response.status === 'pending' && (
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

interface PostResponsesProps {
  responses: CommunityResponse[];
  canAnswer: boolean;
  /** The post's owner: links to message each shop. */
  messageLinks?: boolean;
  /** The heading: 'Responses from shops', or 'Your response' for the responding seller. */
  title?: string;
}

export function PostResponses({ responses, canAnswer, messageLinks = false, title }: PostResponsesProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="post-responses" data-testid="post-responses">
      <h2 id="post-responses" className={styles.cardTitle}>
        {title ?? t('community.responses.title')}
      </h2>
      {responses.length === 0 ? (
        <p className={styles.muted} data-testid="no-responses">
          {t('community.responses.none')}
        </p>
      ) : (
        <ul className={styles.responses}>
          {responses.map((response) => (
            <ResponseCard key={response.id} response={response} canAnswer={canAnswer} messageLink={messageLinks} />
          ))}
        </ul>
      )}
    </section>
  );
}
