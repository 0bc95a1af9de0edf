/**
 * The composer's attachments: 'Attach files' (a file input kept in the tab order, its label the visible button;
 * images and PDF), the limits under it, the chosen files as chips (name, size, a remove button each) and, in an
 * alert, why a picked file was left out (the server's texts: type, size, count) or could not be read. The files
 * are read as data URLs only when the message is sent (`attachmentInputs`), so a message queued offline keeps
 * them. Test hooks: "composer-attach-input", "composer-attachments" (the chips), "composer-attachment" (one chip),
 * "composer-attachments-error".
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageAttachmentInput } from '../../workers/data-api';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import { readAsDataUrl } from '../ui/image-files';
import { icon } from '../ui/icons.css';
import { ATTACHMENT_ACCEPT, checkAttachments, formatFileSize, type AttachmentProblem } from './attachments';
import * as styles from './attachments.css';
import { isolate } from './chat-format';

export interface AttachmentsState {
  files: File[];
  problems: AttachmentProblem[];
  /** A chosen file could not be read when sending. */
  readFailed: boolean;
}

export const NO_ATTACHMENTS: AttachmentsState = { files: [], problems: [], readFailed: false };

/** The chosen files as the data worker takes them (read now). */
export function attachmentInputs(files: readonly File[]): Promise<MessageAttachmentInput[]> {
  return Promise.all(files.map(async (file) => ({ name: file.name, data_url: await readAsDataUrl(file) })));
}

const PaperclipIcon = () => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M20.5 11.5l-8.4 8.4a5 5 0 0 1-7.1-7.1l8.8-8.8a3.5 3.5 0 0 1 5 5l-8.8 8.8a2 2 0 0 1-2.8-2.8l8.1-8.1" />
  </svg>
);

interface Props {
  state: AttachmentsState;
  disabled: boolean;
  onChange: (next: AttachmentsState) => void;
}

export function ComposerAttachments({ state, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { files, problems, readFailed } = state;
  const hasError = problems.length > 0 || readFailed;

  const remove = (index: number) => {
    onChange({ files: files.filter((_, i) => i !== index), problems: [], readFailed: false });
    // The chip and its button go: the focus moves to the attach control.
    input.current?.focus();
  };

  return (
    <div className={styles.picker}>
      <div className={styles.pickerRow}>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          disabled={disabled}
          className={styles.fileInput}
          aria-describedby={hasError ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={hasError || undefined}
          data-testid="composer-attach-input"
          onChange={(event) => {
            const next = checkAttachments(files, Array.from(event.target.files ?? []));
            onChange({ files: next.files, problems: next.problems, readFailed: false });
            // The same file can be picked again after removing it.
            event.target.value = '';
          }}
        />
        <label htmlFor={`${id}-file`} className={`${button({ tone: 'secondary', size: 'sm' })} ${styles.attach}`}>
          <PaperclipIcon />
          {t('chat.attachments.attach')}
        </label>
        <p id={`${id}-hint`} className={styles.hint}>
          {t('chat.attachments.hint')}
        </p>
      </div>
      {files.length > 0 && (
        <ul className={styles.chips} aria-label={t('chat.attachments.chosen')} data-testid="composer-attachments">
          {files.map((file, i) => (
            <li key={`${i}:${file.name}:${file.size}:${file.lastModified}`} className={styles.chip} data-testid="composer-attachment">
              <bdi className={styles.chipName} title={file.name}>
                {file.name}
              </bdi>
              <span className={styles.chipSize}>{formatFileSize(file.size, language)}</span>
              <button
                type="button"
                className={button({ tone: 'ghost', size: 'icon' })}
                disabled={disabled}
                aria-label={t('chat.attachments.remove', { name: isolate(file.name) })}
                onClick={() => remove(i)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {hasError && (
        <p id={`${id}-error`} className={styles.error} role="alert" data-testid="composer-attachments-error">
          {[...problems.map((p) => t(`chat.attachments.${p}`)), ...(readFailed ? [t('chat.attachments.readError')] : [])].join(' ')}
        </p>
      )}
    </div>
  );
}
