/**
 * A message's attachments: pictures as thumbnails that open the full image in a new tab, other files (PDF) as a
 * link with their name, kind and size. A queued message's files are still data URLs on this device, which a
 * browser does not open in a tab: their links download the file instead. Alt texts and link names say the
 * file's name (isolated) and where the link goes.
 * Test hooks: "chat-attachment-image" (the link around a thumbnail), "chat-attachment-file".
 */
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../domain/community-schemas';
import { useLanguage } from '../i18n/use-language';
import { visuallyHidden } from '../theme/global.css';
import { icon } from '../ui/icons.css';
import { formatFileSize, isImageAttachment, isLocalAttachment } from './attachments';
import * as styles from './attachments.css';
import { isolate } from './chat-format';

const FileIcon = () => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </svg>
);

/** Where a link goes: a new tab for the server's files, a download for a file still on this device. */
function linkProps(attachment: Attachment) {
  return isLocalAttachment(attachment) ? { download: attachment.name } : { target: '_blank', rel: 'noopener noreferrer' };
}

/** A stable key without a data URL's megabytes. */
const keyOf = (a: Attachment, i: number) => `${i}:${a.url.slice(0, 96)}`;

export function AttachmentsList({ attachments }: { attachments: readonly Attachment[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (attachments.length === 0) return null;
  const images = attachments.filter(isImageAttachment);
  const others = attachments.filter((a) => !isImageAttachment(a));
  const where = (a: Attachment) => <span className={visuallyHidden}> {isLocalAttachment(a) ? t('chat.attachments.download') : t('chat.attachments.newTab')}</span>;

  return (
    <ul className={styles.list} aria-label={t('chat.message.attachments')}>
      {images.map((a, i) => (
        <li key={keyOf(a, i)}>
          <a className={styles.thumbLink} href={a.url} {...linkProps(a)} data-testid="chat-attachment-image">
            <img className={styles.thumb} src={a.url} alt={t('chat.attachments.image', { name: isolate(a.name) })} loading="lazy" decoding="async" />
            {where(a)}
          </a>
        </li>
      ))}
      {others.map((a, i) => (
        <li key={keyOf(a, i)} className={styles.fileItem}>
          <a className={styles.fileLink} href={a.url} {...linkProps(a)} data-testid="chat-attachment-file">
            <FileIcon />
            <bdi className={styles.fileName}>{a.name}</bdi>
            <span className={styles.fileMeta}>
              {a.type === 'application/pdf' ? t('chat.attachments.pdf', { size: formatFileSize(a.size, language) }) : formatFileSize(a.size, language)}
            </span>
            {where(a)}
          </a>
        </li>
      ))}
    </ul>
  );
}
