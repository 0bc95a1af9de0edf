/**
 * A shop's follow state for the signed-in user, from the local database (docs/REVIEWS-FOLLOWS.md, Client):
 * the `following` query mirrors the personal `follows` collection plus whether a queued write is still
 * pending; follow/unfollow write optimistically with an outbox entry (works offline); refused entries stay in
 * the outbox as failed until dismissed, so the UI always says so.
 */
import { useCallback, useState } from 'react';
import { useSession } from '../auth/use-session';
import { useDataClient } from '../data/data-context';
import { useData } from '../data/use-data';

export interface FollowFailure {
  id: string;
  kind: 'follow' | 'unfollow';
  code: string;
  message: string;
}

export function useFollow(shopId: string) {
  const client = useDataClient();
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const following = useData(signedIn ? { kind: 'following', shopId } : null);
  const outbox = useData(signedIn ? { kind: 'outbox' } : null);
  const [busy, setBusy] = useState(false);
  const [writeError, setWriteError] = useState(false);
  const isFollowing = following.data?.isFollowing ?? false;

  const failures: FollowFailure[] = (outbox.data ?? []).flatMap((entry) =>
    entry.state === 'failed' && entry.target === shopId && (entry.kind === 'follow' || entry.kind === 'unfollow')
      ? [{ id: entry.id, kind: entry.kind, code: entry.failure?.code ?? '', message: entry.failure?.message ?? '' }]
      : [],
  );

  const toggle = useCallback(async () => {
    setBusy(true);
    setWriteError(false);
    try {
      if (isFollowing) await client.unfollow(shopId);
      else await client.follow(shopId);
    } catch (error) {
      console.error('follow: local write failed', error);
      setWriteError(true);
    } finally {
      setBusy(false);
    }
  }, [client, isFollowing, shopId]);

  const dismiss = useCallback((id: string) => void client.dismissOutboxEntry(id), [client]);

  return {
    signedIn,
    loading: signedIn && following.status === 'loading',
    checkFailed: following.status === 'error',
    isFollowing,
    pending: following.data?.pending ?? false,
    busy,
    writeError,
    failures,
    toggle,
    dismiss,
  };
}
