/** Tells the page's answer pacing (answer-pacing.ts) whether a sync is running: the first sync's download. */
import { useEffect } from 'react';
import type { SyncStatus } from '../../workers/data-api';
import { answerPacing } from './answer-pacing';
import { isInitialSync } from './sync-progress';
import { useSyncStatusSelector } from './use-sync-status';

const syncing = (status: SyncStatus | null) => status !== null && isInitialSync(status);

export function AnswerPacingSync() {
  const running = useSyncStatusSelector(syncing);
  useEffect(() => answerPacing.setSyncing(running), [running]);
  return null;
}
