/** A variant named in the user's language: "M · Blue · Silk" (the size as the spec writes it). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Color, Fabric, Size } from '../../domain/catalog-constants';

export function useVariantLabel(): (v: { size: Size; color: Color; fabric: Fabric }) => string {
  const { t } = useTranslation();
  return useCallback((v) => `${v.size} · ${t(`colors.${v.color}`)} · ${t(`fabrics.${v.fabric}`)}`, [t]);
}
