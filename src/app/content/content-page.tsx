/**
 * The frame every help page shares: the document title, one h1 and a short intro, in a readable column;
 * a skeleton until the on-demand 'content' catalogue has loaded (react-i18next runs without Suspense).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import { useDocumentTitle } from '../ui/use-document-title';
import { ContentSkeleton } from './content-skeleton';
import * as styles from './content-page.css';

export function ContentPage({
  id,
  ready,
  title,
  intro,
  children,
}: {
  /** Names the page: its test id and its heading's id. */
  id: string;
  ready: boolean;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  useDocumentTitle(ready ? title : null);
  if (!ready) return <ContentSkeleton />;
  return (
    <article className={styles.page} aria-labelledby={`${id}-title`} data-testid={`${id}-page`}>
      <header className={styles.header}>
        <h1 id={`${id}-title`} className={styles.title}>
          {title}
        </h1>
        <p className={styles.intro}>{intro}</p>
      </header>
      {children}
    </article>
  );
}

/** A titled part of a help page: an h2 that names the section. */
export function ContentSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The closing note that sends a reader with another question to the contact page. */
export function ContactNote({ prompt, link }: { prompt: string; link: string }) {
  return (
    <p className={styles.note}>
      {prompt}{' '}
      <Link href={ROUTES.contact} className={styles.link}>
        {link}
      </Link>
    </p>
  );
}
