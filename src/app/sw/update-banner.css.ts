import { style } from '@vanilla-extract/css';
import { cornerBanner } from '../ui/corner-banner.css';

export const banner = style([cornerBanner, { zIndex: 50 }]);

export const message = style({ flex: '1 1 12rem', fontWeight: 600 });
