/**
 * What the signed-in user may do with a request (docs/COMMUNITY.md): its owner closes it (open or in progress
 * → closed, after a confirmation; DataApi.closePost shows it at once and queues it, offline too); a seller
 * whose shop has not responded opens the respond page while the request is open.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '../../domain/account';
import type { LocalCommunityPost } from '../../workers/data-api';
import * as forms from '../account/forms.css';
import { useDataClient } from '../data/data-context';
import { sellerRespondPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { showToast } from '../ui/toast-store';
import * as styles from './community.css';
import * as own from './post-actions.css';
import { canClose, canRespond } from './post-permissions';

function ClosePost({ postId, onClosed }: { postId: string; onClosed?: () => void }) {
  const { t } = useTranslation();
  const client = useDataClient();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const question = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // Focus goes to the question when it opens, and back to the button when it is dismissed.
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const close = () => {
    setSending(true);
    setError(null);
    client.closePost(postId).then(
      () => {
        setSending(false);
        setAsking(false);
        showToast({ tone: 'success', text: t('community.close.closedToast') });
        // The closed request has no Close button any more: focus goes to the page (its heading), not the void.
        onClosed?.();
      },
      (e: unknown) => {
        console.error('closePost failed', e);
        setSending(false);
        setError(t('community.close.error'));
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !sending) {
      event.stopPropagation();
      setAsking(false);
    }
  };

  if (!asking) {
    return (
      <div className={styles.actions}>
        <button
          ref={opener}
          type="button"
          className={button({ tone: 'secondary' })}
          data-testid="close-post"
          onClick={() => {
            setError(null);
            setAsking(true);
          }}
        >
          {t('community.close.button')}
        </button>
      </div>
    );
  }
  return (
    <div className={own.confirm} role="group" aria-labelledby="close-post-question" onKeyDown={onKeyDown} data-testid="close-post-confirm">
      <p id="close-post-question" ref={question} tabIndex={-1} className={own.question}>
        {t('community.close.question')}
      </p>
      {error && (
        <p role="alert" className={forms.failure}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={button({ tone: 'primary' })} disabled={sending} data-testid="close-post-yes" onClick={close}>
          {t('community.close.confirm')}
        </button>
        <button type="button" className={button({ tone: 'ghost' })} disabled={sending} onClick={() => setAsking(false)}>
          {t('community.close.cancel')}
        </button>
      </div>
    </div>
  );
}

export function PostActions({ post, user, onClosed }: { post: LocalCommunityPost; user: User | null; onClosed?: () => void }) {
  const { t } = useTranslation();
  if (canClose(post, user)) return <ClosePost postId={post.id} onClosed={onClosed} />;
  if (canRespond(post, user)) {
    return (
      <div className={styles.actions}>
        <Link href={sellerRespondPath(String(post.post_id))} className={button({ tone: 'primary' })} data-testid="respond-link">
          {t('community.respond.link')}
        </Link>
      </div>
    );
  }
  return null;
}
