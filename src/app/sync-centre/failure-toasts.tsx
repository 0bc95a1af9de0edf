/**
 * Says a refusal of a queued write as it happens: a 2-second error toast with the server's reason
 * (translated by code) and a link to the sync centre, where Retry and Discard are. Renders nothing itself.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommerceText } from '../cart/commerce-message';
import { serverRefusalMessage } from '../cart/server-refusal';
import { useData } from '../data/use-data';
import { ROUTES } from '../routing/paths';
import { showToast } from '../ui/toast-store';
import { createFailureWatch } from './failure-watch';

export function FailureToasts() {
  const { t } = useTranslation('commerce');
  const say = useCommerceText();
  const outbox = useData({ kind: 'outbox' });
  const watch = useRef(createFailureWatch());

  useEffect(() => {
    if (!outbox.data) return;
    for (const entry of watch.current.next(outbox.data)) {
      showToast({
        text: say(serverRefusalMessage(entry.kind, entry.failure)),
        tone: 'error',
        action: { label: t('sync.headerLink'), href: ROUTES.syncCentre },
      });
    }
  }, [outbox.data, say, t]);

  return null;
}
