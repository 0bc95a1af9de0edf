/**
 * The frame every policy page shares: one h1 (also the tab title), a readable column, and until the 'policies'
 * catalogue has loaded (it is fetched on demand) a skeleton in the page's shape instead of raw keys.
 */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../ui/use-document-title';
import * as styles from './policy-page.css';
import { LastUpdated } from './last-updated';
import { PolicySkeleton } from './policy-skeleton';

export function PolicyPage({
  id,
  title,
  lead,
  updated = false,
  children,
}: {
  /** The page's test id; its h1 is `${id}-title`. */
  id: string;
  /** null while the catalogue is loading. */
  title: string | null;
  lead: string;
  /** Show the 'Last updated' date under the lead (the privacy policy and the terms). */
  updated?: boolean;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  if (title === null) return <PolicySkeleton testId={`${id}-loading`} />;
  return (
    <article className={styles.page} aria-labelledby={`${id}-title`} data-testid={id}>
      <header className={styles.header}>
        <h1 id={`${id}-title`} className={styles.title}>
          {title}
        </h1>
        <p className={styles.lead}>{lead}</p>
        {updated && <LastUpdated />}
      </header>
      {children}
    </article>
  );
}

/** A section with an h2, its paragraphs, and whatever follows them (a list, a link). */
export function PolicySection({
  id,
  title,
  paragraphs,
  children,
}: {
  id: string;
  title: string;
  paragraphs?: readonly string[];
  children?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading} tabIndex={-1}>
        {title}
      </h2>
      {paragraphs?.map((text) => (
        <p key={text} className={styles.text}>
          {text}
        </p>
      ))}
      {children}
    </section>
  );
}
