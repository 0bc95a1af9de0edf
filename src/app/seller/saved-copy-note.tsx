/**
 * Offline, a seller page says its lists are the copy saved on the device and from when ("saved copy from 14:05"),
 * or that nothing was saved yet. Online it says nothing.
 */
import { useTranslation } from 'react-i18next';
import * as forms from '../account/forms.css';
import { useLanguage } from '../i18n/use-language';
import { formatTime } from '../sync-centre/format-time';
import { useOnline } from '../ui/use-online';

export function SavedCopyNote({ savedAt }: { savedAt: number | null | undefined }) {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const online = useOnline();
  if (online || savedAt === undefined) return null;
  return (
    <p className={forms.info} role="status" data-testid="seller-saved-copy">
      {savedAt === null ? t('offline.neverSaved') : t('offline.savedCopy', { time: formatTime(savedAt, language) })}
    </p>
  );
}
