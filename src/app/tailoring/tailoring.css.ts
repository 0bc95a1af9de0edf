/** Styles of the tailoring pages: services, filters, tailor cards, a tailor's profile, bookings. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, space, vars } from '../theme/contract.css';

export { muted, cardTitle, inlineLink } from '../ui/text-styles.css';
// The cards, grid and heading of the community pages: one look for both lists.
export { badges, card, cardLink, grid, head, title } from '../community/community.css';

export const page = style({ display: 'grid', gap: space.lg });

export const sectionTitle = style({ fontSize: fontSize.lg, fontWeight: 700 });

export const intro = style({ color: vars.color.textMuted, maxInlineSize: '60ch' });

export const price = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const filters = style({
  display: 'grid',
  gap: space.sm,
  border: 0,
  padding: 0,
  margin: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', alignItems: 'end' } },
});

export const cardHead = style({ display: 'flex', gap: space.sm, alignItems: 'center' });

export const avatar = style({ inlineSize: '4rem', blockSize: '4rem', borderRadius: '50%', flexShrink: 0, backgroundColor: vars.color.surfaceAlt });

export const bigAvatar = style({ inlineSize: '7rem', blockSize: '7rem', borderRadius: '50%', flexShrink: 0, backgroundColor: vars.color.surfaceAlt });

export const reviews = style({ display: 'grid', gap: space.sm, listStyle: 'none', padding: 0, margin: 0 });

export const review = style({ display: 'grid', gap: space.xxs, paddingBlock: space.sm, borderBlockEnd: `1px solid ${vars.color.border}` });

export const profileHead = style({ display: 'flex', flexWrap: 'wrap', gap: space.md, alignItems: 'center' });

export const facts = style({ display: 'grid', gap: space.xxs, margin: 0 });

export const list = style({ display: 'grid', gap: space.sm, listStyle: 'none', padding: 0, margin: 0 });
