/**
 * One FAQ entry: the question is a button (aria-expanded, aria-controls) that opens the answer; closed, the
 * answer shows as a preview cut off after two lines (spec §2: 'text cut off'). Enter and Space toggle it.
 */
import { useId, useState } from 'react';
import * as styles from './faq-page.css';

export function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <li className={styles.item}>
      <h2 className={styles.question}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{question}</span>
          <span aria-hidden="true" className={styles.chevron} />
        </button>
      </h2>
      <p id={answerId} className={open ? styles.answer : styles.preview} data-testid="faq-answer">
        {answer}
      </p>
    </li>
  );
}
