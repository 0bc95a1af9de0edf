/**
 * The toasts of ui/toast-store.ts, at the bottom of the screen (inline end from tablets up). Successes are
 * announced politely, errors assertively. Test hook: [data-testid="toast"][data-tone].
 */
import { useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { toasts, type Toast } from './toast-store';
import * as styles from './toasts.css';

export function Toasts() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot, toasts.getSnapshot);
  return (
    <div className={styles.region}>
      <div className={styles.stack} role="status" aria-live="polite" aria-atomic="false">
        {list
          .filter((t) => t.tone !== 'error')
          .map((t) => (
            <ToastView key={t.id} {...t} />
          ))}
      </div>
      <div className={styles.stack} role="alert" aria-live="assertive" aria-atomic="false">
        {list
          .filter((t) => t.tone === 'error')
          .map((t) => (
            <ToastView key={t.id} {...t} />
          ))}
      </div>
    </div>
  );
}

function ToastView({ text, tone, action }: Toast) {
  return (
    <p className={styles.toast[tone]} data-testid="toast" data-tone={tone}>
      <span>{text}</span>
      {action && (
        <Link href={action.href} className={styles.action}>
          {action.label}
        </Link>
      )}
    </p>
  );
}
