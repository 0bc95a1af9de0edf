/** /address: the address book, shipping and billing, each with its default first; add, edit, delete. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_TYPES, type Address } from '../../domain/account';
import { useErrorText } from '../auth/error-text';
import { useSession } from '../auth/use-session';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { AccountLayout } from './account-layout';
import * as layout from './account-layout.css';
import { applySaved, draftFromAddress, emptyDraft, groupAddresses, type AddressDraft } from './address-book';
import { AddressCard } from './address-card';
import { AddressForm } from './address-form';
import * as styles from './addresses-page.css';
import * as forms from './forms.css';
import { useAddresses } from './use-addresses';
import { useOnline } from '../ui/use-online';

interface Editing {
  address: Address | null;
  initial: AddressDraft;
}

function AddressGroups({
  addresses,
  disabled,
  onEdit,
  onDeleted,
}: {
  addresses: Address[];
  disabled: boolean;
  onEdit: (address: Address) => void;
  onDeleted: (address: Address) => void;
}) {
  const { t } = useTranslation('account');
  const groups = groupAddresses(addresses);
  return (
    <>
      {ADDRESS_TYPES.map((type) => (
        <section key={type} className={styles.group} aria-labelledby={`addresses-${type}`}>
          <h2 id={`addresses-${type}`} className={layout.cardTitle}>
            {t(`addresses.groups.${type}`)}
          </h2>
          {groups[type].length === 0 ? (
            <p className={forms.hint}>{t('addresses.noneOfType')}</p>
          ) : (
            <ul className={styles.list}>
              {groups[type].map((address) => (
                <li key={address.id}>
                  <AddressCard
                    address={address}
                    disabled={disabled}
                    onEdit={() => onEdit(address)}
                    onDeleted={() => onDeleted(address)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

export function AddressesPage() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const online = useOnline();
  const { user } = useSession();
  const { state, retry, update } = useAddresses();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  // Back online after a failed load: try again without waiting for the button.
  const failed = state.status === 'error';
  useEffect(() => {
    if (online && failed) retry();
  }, [online, failed, retry]);

  const startAdding = () => {
    setNotice(null);
    setEditing({ address: null, initial: emptyDraft('shipping', user?.name ?? '') });
  };
  const close = (message: string | null) => {
    setEditing(null);
    setNotice(message);
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <AccountLayout title={t('addresses.title')} intro={t('addresses.intro')}>
      <div role="status" aria-live="polite">
        {notice && <p className={forms.success}>{notice}</p>}
      </div>
      {!online && !failed && <p className={forms.info}>{t('addresses.offline')}</p>}
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '12rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error, 'loadAddresses')} onRetry={retry} />
      ) : (
        <>
          {editing ? (
            <AddressForm
              key={editing.address?.id ?? 'new'}
              editing={editing.address}
              initial={editing.initial}
              onCancel={() => close(null)}
              onSaved={(saved) => {
                update((list) => applySaved(list, saved));
                close(t('addresses.saved'));
              }}
            />
          ) : (
            <div className={styles.toolbar}>
              <button
                ref={addRef}
                type="button"
                className={button({ tone: 'primary' })}
                disabled={!online}
                onClick={startAdding}
              >
                {t('addresses.add')}
              </button>
            </div>
          )}
          {state.addresses.length === 0 ? (
            !editing && <EmptyState title={t('addresses.empty')}>{t('addresses.emptyText')}</EmptyState>
          ) : (
            <AddressGroups
              addresses={state.addresses}
              disabled={!online || editing !== null}
              onEdit={(address) => {
                setNotice(null);
                setEditing({ address, initial: draftFromAddress(address) });
              }}
              onDeleted={(address) => {
                update((list) => list.filter((a) => a.id !== address.id));
                setNotice(t('addresses.deleted'));
                requestAnimationFrame(() => addRef.current?.focus());
              }}
            />
          )}
        </>
      )}
    </AccountLayout>
  );
}
