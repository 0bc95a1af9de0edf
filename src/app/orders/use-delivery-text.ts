/** A delivery method in words in the interface language: its name, its days and its price (Free when 0). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMAD } from '../../domain/money';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import type { DeliveryDays, DeliveryKind } from './delivery-method';

export interface DeliveryText {
  name: (kind: DeliveryKind) => string;
  days: (days: DeliveryDays) => string;
  price: (amount: number) => string;
  /** "International delivery, 7–14 days". */
  summary: (kind: DeliveryKind, days: DeliveryDays) => string;
}

export function useDeliveryText(): DeliveryText {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  return useMemo(() => {
    const name = (kind: DeliveryKind) => t(`delivery.${kind}`);
    const days = (d: DeliveryDays) =>
      t(d.business ? 'delivery.businessDays' : 'delivery.days', {
        min: formatInteger(d.min, language),
        max: formatInteger(d.max, language),
      });
    return {
      name,
      days,
      price: (amount: number) => (amount === 0 ? t('delivery.free') : formatMAD(amount, language)),
      summary: (kind: DeliveryKind, d: DeliveryDays) => t('delivery.summary', { name: name(kind), days: days(d) }),
    };
  }, [t, language]);
}
