/** A community request's status, and a response's, as badges (data-testid, data-status for tests and styles). */
import { useTranslation } from 'react-i18next';
import type { PostStatus, ResponseStatus } from '../../domain/community';
import { badge } from '../theme/recipes.css';

const POST_TONE = {
  open: 'express',
  in_progress: 'highlight',
  closed: 'muted',
} as const satisfies Record<PostStatus, 'highlight' | 'express' | 'muted'>;

const RESPONSE_TONE = {
  pending: 'neutral',
  accepted: 'express',
  rejected: 'muted',
} as const satisfies Record<ResponseStatus, 'neutral' | 'express' | 'muted'>;

export function PostStatusBadge({ status }: { status: PostStatus }) {
  const { t } = useTranslation();
  return (
    <span className={badge({ tone: POST_TONE[status] })} data-testid="post-status" data-status={status}>
      {t(`community.status.${status}`)}
    </span>
  );
}

export function ResponseStatusBadge({ status }: { status: ResponseStatus }) {
  const { t } = useTranslation();
  return (
    <span className={badge({ tone: RESPONSE_TONE[status] })} data-testid="response-status" data-status={status}>
      {t(`community.responseStatus.${status}`)}
    </span>
  );
}
