/**
 * The seller's money screens: the period's figures as tiles, the payouts and a statement's lines. Printed, only the
 * statement is on paper: the app's header, navigation and buttons are left out.
 */
import { globalStyle, style } from '@vanilla-extract/css';
import { fontSize, media, space, vars } from '../theme/contract.css';

export const tiles = style({
  display: 'grid',
  gap: space.sm,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  margin: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const tile = style({ display: 'grid', gap: space.xxs });

export const tileLabel = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const tileValue = style({ margin: 0, fontSize: fontSize.lg, fontWeight: 800, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const list = style({ display: 'grid', gap: space.xs, listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: space.sm,
  alignItems: 'center',
  minBlockSize: '44px',
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });

/** A wide table scrolls sideways inside its card (`contain`: it never widens the page past a phone's screen). */
export const tableWrap = style({ overflowX: 'auto', contain: 'inline-size' });

export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: fontSize.sm });

export const cell = style({ paddingBlock: space.xs, paddingInline: space.xs, borderBlockEnd: `1px solid ${vars.color.border}`, textAlign: 'start' });

/** A date cell: never broken across lines. */
export const date = style([cell, { whiteSpace: 'nowrap' }]);

export const amount = style([cell, { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }]);

/** Left out on paper. */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

/** The statement: on paper, the only thing printed. */
export const statement = style({});

globalStyle(`body:has(.${statement}) header, body:has(.${statement}) footer, body:has(.${statement}) nav`, {
  '@media': { print: { display: 'none' } },
});

globalStyle(`.${statement} table`, { '@media': { print: { fontSize: '10pt', color: '#000' } } });
