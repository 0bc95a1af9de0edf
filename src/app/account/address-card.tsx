/** One saved address: name, default badge, lines, country, phone; edit, and delete after an inline confirmation. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { useErrorText } from '../auth/error-text';
import { useLanguage } from '../i18n/use-language';
import { badge, button } from '../theme/recipes.css';
import { addressLines } from './address-book';
import * as styles from './address-card.css';
import * as forms from './forms.css';
import { countryName } from './format';

export function AddressCard({
  address,
  disabled,
  onEdit,
  onDeleted,
}: {
  address: Address;
  disabled: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const lines = addressLines(address);
  const summary = lines[0] ?? address.city;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setDeleting(true);
    setError(null);
    try {
      await apiRequest('DELETE', `/api/user/addresses/${address.id}`);
      onDeleted();
    } catch (failure) {
      setError(errorText(failure, 'deleteAddress'));
      setDeleting(false);
    }
  };

  return (
    <article className={styles.card} data-testid="address-card">
      <p className={styles.name}>
        <span>{address.full_name || t(`addresses.types.${address.type}`)}</span>
        {address.is_default && <span className={badge({ tone: 'highlight' })}>{t('addresses.default')}</span>}
      </p>
      <div className={styles.lines}>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>{countryName(address.country, language)}</p>
        {address.phone && (
          <p>
            <bdi dir="ltr">{address.phone}</bdi>
          </p>
        )}
      </div>
      {confirming ? (
        <div className={styles.actions} role="group" aria-label={t('addresses.deleteConfirm')}>
          <p className={styles.confirm}>{t('addresses.deleteConfirm')}</p>
          <button
            ref={confirmRef}
            type="button"
            className={button({ tone: 'primary' })}
            disabled={deleting || disabled}
            onClick={() => void remove()}
          >
            {deleting ? t('addresses.deleting') : t('addresses.deleteYes')}
          </button>
          <button
            type="button"
            className={button({ tone: 'ghost' })}
            disabled={deleting}
            onClick={() => {
              setConfirming(false);
              setError(null);
              requestAnimationFrame(() => deleteRef.current?.focus());
            }}
          >
            {t('addresses.cancel')}
          </button>
        </div>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'md' })}
            disabled={disabled}
            aria-label={t('addresses.editLabel', { address: summary })}
            onClick={onEdit}
          >
            {t('addresses.edit')}
          </button>
          <button
            ref={deleteRef}
            type="button"
            className={button({ tone: 'ghost' })}
            disabled={disabled}
            aria-label={t('addresses.deleteLabel', { address: summary })}
            onClick={() => setConfirming(true)}
          >
            {t('addresses.delete')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className={forms.failure}>
          {error}
        </p>
      )}
    </article>
  );
}
