/** A cart line's option values in the user's language (the catalogue's colour and fabric names). */
import type { TFunction } from 'i18next';
import { COLORS, FABRICS } from '../../domain/catalog-constants';

const isColor = (v: string): v is (typeof COLORS)[number] => (COLORS as readonly string[]).includes(v);
const isFabric = (v: string): v is (typeof FABRICS)[number] => (FABRICS as readonly string[]).includes(v);

export function colorLabel(t: TFunction, value: string): string {
  return isColor(value) ? t(`colors.${value}`) : value;
}

export function fabricLabel(t: TFunction, value: string): string {
  return isFabric(value) ? t(`fabrics.${value}`) : value;
}
