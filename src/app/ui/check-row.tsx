/** A filter's checkbox with its text, the whole row clickable (at least 44 px tall). */
import type { ReactNode } from 'react';
import * as styles from './check-row.css';

export function CheckRow({
  checked,
  onChecked,
  children,
}: {
  checked: boolean;
  onChecked: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className={styles.check}>
      <input type="checkbox" className={styles.checkbox} checked={checked} onChange={(e) => onChecked(e.target.checked)} />
      {children}
    </label>
  );
}
