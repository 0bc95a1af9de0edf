/** The policy pages: one readable column (about 72 characters), mobile first, logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export { header, lead, page, title } from '../ui/text-page.css';
export const updated = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

export const section = style({ display: 'grid', gap: space.sm });

export const heading = style({
  fontSize: fontSize.xl,
  fontWeight: 700,
  lineHeight: 1.3,
  // Clear of the sticky header when a contents link scrolls here.
  scrollMarginBlockStart: '7rem',
  selectors: { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } },
});

export const text = style({ color: vars.color.text });

export const list = style({
  display: 'grid',
  gap: space.xs,
  listStyle: 'disc',
  paddingInlineStart: space.lg,
});

/** A highlighted box: the seller's facts, the worked example. */
export const panel = style({
  display: 'grid',
  gap: space.sm,
  padding: space.lg,
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

/** A bulleted list in a panel (the seller's facts): the bullets inside the border. */
export const factList = style([panel, { listStyle: 'disc', paddingInlineStart: '2.5rem' }]);

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });

export const skeletonTitle = style({ blockSize: '2.25rem', inlineSize: '70%' });
export const skeletonBlock = style({ display: 'grid', gap: space.xs });
export const skeletonHeading = style({ blockSize: '1.5rem', inlineSize: '45%' });
export const skeletonLine = style({ blockSize: '1rem', inlineSize: '100%' });
export const skeletonShortLine = style({ blockSize: '1rem', inlineSize: '60%' });

/** Numbered steps: the number in a round badge at the start edge. */
export const steps = style({ display: 'grid', gap: space.md, counterReset: 'step' });
export const step = style({
  display: 'grid',
  gap: space.xxs,
  position: 'relative',
  paddingInlineStart: '3rem',
  counterIncrement: 'step',
  selectors: {
    '&::before': {
      content: 'counter(step)',
      position: 'absolute',
      insetInlineStart: 0,
      insetBlockStart: 0,
      display: 'grid',
      placeItems: 'center',
      inlineSize: '2.25rem',
      blockSize: '2.25rem',
      borderRadius: radius.pill,
      backgroundColor: vars.color.saffron,
      color: vars.color.onSaffron,
      fontWeight: 800,
    },
  },
});
export const stepTitle = style({ fontSize: fontSize.lg, fontWeight: 700 });

/** The table of contents: numbered, two columns when there is room. */
export const contents = style({
  display: 'grid',
  gap: space.none,
  listStyle: 'decimal',
  paddingInlineStart: space.lg,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr', columnGap: space.lg } },
});
