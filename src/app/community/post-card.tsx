/** One request in the list: title (the link to it), budget range, timeline, status, responses count. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LocalCommunityPost } from '../../workers/data-api';
import { useLanguage } from '../i18n/use-language';
import { communityPostPath } from '../routing/paths';
import { formatBudget, formatTimeline } from './community-format';
import * as styles from './community.css';
import { PostLocalState } from './post-local-state';
import { PostStatusBadge } from './post-status-badge';

export function PostCard({ post }: { post: LocalCommunityPost }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className={styles.card} data-testid="post-card" data-post-id={post.id} data-status={post.status}>
      <Link href={communityPostPath(post.id)} className={styles.cardLink}>
        <bdi>{post.title}</bdi>
      </Link>
      <div className={styles.badges}>
        <PostStatusBadge status={post.status} />
        <span className={styles.muted}>{t(`community.categories.${post.category}`)}</span>
      </div>
      <span className={styles.budget} data-testid="post-budget">
        {formatBudget(post.budget_min, post.budget_max, language)}
      </span>
      <span className={styles.muted} data-testid="post-timeline">
        {t('community.card.timeline', { timeline: formatTimeline(post.timeline_value, post.timeline_unit, language) })}
      </span>
      <span className={styles.muted} data-testid="post-responses-count">
        {t('community.card.responses', { count: post.responses_count })}
      </span>
      <PostLocalState state={post.local_state} />
    </li>
  );
}
