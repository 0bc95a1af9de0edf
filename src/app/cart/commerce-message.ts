/**
 * A commerce text as data: a key of the 'commerce' catalogue's `messages` and its parameters. Pure logic
 * (quantity capping, refusals) returns these; components say them with useCommerceText() at the edge.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '../i18n/locales/en/commerce.json';

type RawKey = keyof (typeof en)['messages'];
type BaseKey<K> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
export type MessageKey = BaseKey<RawKey>;

export interface CommerceMessage {
  key: MessageKey;
  params?: Record<string, number | string>;
}

export const message = (key: MessageKey, params?: Record<string, number | string>): CommerceMessage =>
  params ? { key, params } : { key };

/** `(message) => text` in the current language. */
export function useCommerceText(): (m: CommerceMessage) => string {
  const { t } = useTranslation('commerce');
  return useCallback((m: CommerceMessage) => t(`messages.${m.key}`, m.params ?? {}) as string, [t]);
}
