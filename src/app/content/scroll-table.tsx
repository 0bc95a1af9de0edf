/**
 * A captioned table inside a focusable, labelled region that scrolls sideways on a narrow screen, so
 * keyboard users can scroll it and screen readers announce what it holds.
 */
import { useId, type ReactNode } from 'react';
import * as page from './content-page.css';

export function ScrollTable({
  caption,
  regionLabel,
  testId,
  wrap = false,
  children,
}: {
  caption: string;
  /** The region's name; the caption when absent. */
  regionLabel?: string;
  testId: string;
  /** Let the cells wrap (a table of words); number tables keep each value on one line and scroll instead. */
  wrap?: boolean;
  /** thead and tbody. */
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div
      className={page.tableScroll}
      role="region"
      aria-label={regionLabel}
      aria-labelledby={regionLabel ? undefined : captionId}
      tabIndex={0}
    >
      <table className={wrap ? `${page.table} ${page.wrappingTable}` : page.table} data-testid={testId}>
        <caption id={captionId} className={page.caption}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** A header row of column headings. */
export function HeadRow({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className={page.headCell}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
