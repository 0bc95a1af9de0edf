/**
 * Coupon entry (spec §5): an empty code says 'Please enter a coupon code' at once; a code is queued and
 * checked by the server, whose refusal ('Invalid coupon code') shows here until dismissed or replaced.
 * With a coupon: its code, 'applied' (or waiting to be checked) and Remove.
 * Test hooks: form[data-testid="coupon-form"], [data-testid="coupon-error"], [data-testid="coupon-applied"].
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalCart, OutboxEntry } from '../../workers/data-api';
import { field } from '../theme/field.css';
import { button } from '../theme/recipes.css';
import { useCommerceText, type CommerceMessage } from './commerce-message';
import * as styles from './coupon-form.css';
import { serverRefusalMessage } from './server-refusal';

interface Props {
  cart: LocalCart;
  /** Refused coupon writes (failed coupon_apply entries), newest last. */
  refused: OutboxEntry[];
  onApply: (code: string) => Promise<CommerceMessage | null>;
  onRemove: () => void;
  onDismiss: (entryIds: string[]) => void;
}

export function CouponForm({ cart, refused, onApply, onRemove, onDismiss }: Props) {
  const { t } = useTranslation('commerce');
  const say = useCommerceText();
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<CommerceMessage | null>(null);
  const lastRefusal = refused.at(-1);
  const error = problem ?? (lastRefusal ? serverRefusalMessage('coupon_apply', lastRefusal.failure) : null);
  const errorId = `${id}-error`;

  if (cart.coupon_code) {
    return (
      <div className={styles.applied} data-testid="coupon-applied" data-pending={cart.coupon === null}>
        <p>
          {cart.coupon
            ? t('coupon.applied', { code: cart.coupon_code })
            : t('coupon.pending', { code: cart.coupon_code })}
        </p>
        <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={onRemove} data-testid="coupon-remove">
          {t('coupon.remove')}
        </button>
      </div>
    );
  }

  return (
    <form
      className={styles.form}
      data-testid="coupon-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (refused.length) onDismiss(refused.map((e) => e.id));
        void onApply(code).then((p) => {
          setProblem(p);
          if (!p) setCode('');
        });
      }}
    >
      <label htmlFor={id} className={styles.label}>
        {t('coupon.label')}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={`${field} ${styles.input}`}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className={button({ tone: 'secondary' })}>
          {t('coupon.apply')}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className={styles.error} data-testid="coupon-error">
          {say(error)}
        </p>
      )}
    </form>
  );
}
