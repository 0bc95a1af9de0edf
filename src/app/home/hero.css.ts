import { style, styleVariants } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const hero = style({
  position: 'relative',
  borderRadius: radius.lg,
  overflow: 'hidden',
  color: '#fffaf2',
});

export const title = style({
  fontSize: fontSize.xxl,
  fontWeight: 800,
  lineHeight: 1.2,
  marginBlockEnd: space.md,
});

export const viewport = style({ display: 'grid' });

/** Slides overlap in one grid cell, so the tallest one sets the height and nothing jumps. */
export const slide = style({
  gridArea: '1 / 1',
  display: 'grid',
  alignContent: 'center',
  gap: space.sm,
  minBlockSize: '15rem',
  paddingBlock: space.xl,
  paddingInline: space.lg,
  paddingBlockEnd: space.xxl,
  transition: 'opacity 400ms ease, visibility 400ms',
  '@media': { [media.tablet]: { minBlockSize: '18rem', paddingInline: space.xxl } },
  selectors: { '&[aria-hidden="true"]': { opacity: 0, visibility: 'hidden' } },
});

const zellige = (a: string, b: string) =>
  `radial-gradient(circle at 100% 0, ${b} 0 18%, transparent 18.5%), ` +
  `repeating-conic-gradient(from 45deg at 85% 30%, rgba(255,255,255,0.07) 0 25%, transparent 0 50%) 0 0 / 48px 48px, ` +
  `linear-gradient(135deg, ${a}, ${a})`;

export const tone = styleVariants({
  terracotta: { background: zellige('#8f3518', 'rgba(244,196,48,0.35)') },
  majorelle: { background: zellige('#2c2592', 'rgba(205,235,221,0.3)') },
  mint: { background: zellige('#17513c', 'rgba(244,196,48,0.3)') },
});

export const slideTitle = style({
  fontSize: 'clamp(1.35rem, 4.5vw, 2.25rem)',
  fontWeight: 800,
  lineHeight: 1.2,
  maxInlineSize: '22ch',
});

export const slideText = style({ maxInlineSize: '40ch', fontSize: fontSize.md, opacity: 0.95 });

export const cta = style({
  justifySelf: 'start',
  marginBlockStart: space.xs,
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '44px',
  paddingInline: space.lg,
  borderRadius: radius.pill,
  backgroundColor: vars.color.saffron,
  color: vars.color.onSaffron,
  fontWeight: 700,
  textDecoration: 'none',
});

export const controls = style({
  position: 'absolute',
  insetBlockEnd: space.sm,
  insetInlineStart: space.lg,
  display: 'flex',
  alignItems: 'center',
  gap: space.xs,
  '@media': { [media.tablet]: { insetInlineStart: space.xxl } },
});

export const dot = style({
  inlineSize: '28px',
  blockSize: '28px',
  display: 'inline-grid',
  placeItems: 'center',
  border: 'none',
  background: 'transparent',
  cursor: 'pointer',
  padding: 0,
  '::before': {
    content: '""',
    inlineSize: '10px',
    blockSize: '10px',
    borderRadius: radius.pill,
    backgroundColor: 'rgba(255,250,242,0.5)',
  },
  selectors: { '&[aria-current="true"]::before': { backgroundColor: '#fffaf2', inlineSize: '22px' } },
});

export const pause = style({
  minBlockSize: '28px',
  paddingInline: space.sm,
  borderRadius: radius.pill,
  border: '1px solid rgba(255,250,242,0.6)',
  background: 'rgba(0,0,0,0.15)',
  color: '#fffaf2',
  fontSize: fontSize.xs,
  cursor: 'pointer',
});

/** A decorative Moroccan arch on the end side of wide heroes. */
export const arch = style({
  display: 'none',
  position: 'absolute',
  insetBlock: space.lg,
  insetInlineEnd: space.xxl,
  blockSize: `calc(100% - 2 * ${space.lg})`,
  color: 'rgba(255, 250, 242, 0.55)',
  pointerEvents: 'none',
  '@media': { [media.desktop]: { display: 'block' } },
});
