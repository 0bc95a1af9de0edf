/** Layout utilities as typed sprinkles, responsive with mobile first conditions. Logical properties only. */
import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { media, space } from './contract.css';

const layout = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': media.tablet },
    desktop: { '@media': media.desktop },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'block', 'flex', 'grid', 'inline-flex'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    gap: space,
    paddingBlock: space,
    paddingInline: space,
    marginBlock: space,
    marginInline: { ...space, auto: 'auto' },
    textAlign: ['start', 'center', 'end'],
  },
  shorthands: {
    padding: ['paddingBlock', 'paddingInline'],
  },
});

export const sprinkles = createSprinkles(layout);
export type Sprinkles = Parameters<typeof sprinkles>[0];
