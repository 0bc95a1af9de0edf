/**
 * Bodies of the seller sign-up (POST /api/seller/register) and of the operator's shop decisions (PATCH
 * /api/admin/shops/{id}); docs/SELLERS.md "Sign-up and shop status". Refused as 422 VALIDATION naming each field,
 * with the accounts' messages (http/body.ts).
 *
 * Sign-up: `shop_name` is the name's English text and `shop_name_ar` its Arabic (the spec's pair, as `name` and
 * `name_ar` in the catalogue texts' model, http/catalog-texts-body.ts), at most NAME_MAX characters, no control
 * characters; `description` the English description. `phone` is read as the phone flow reads it (E.164, one of
 * the served countries: http/phone-bodies.ts), so the number verified there is the same string.
 */
import { z } from 'zod';
import { STORE_TYPES } from '../../domain/catalog-constants';
import { DESCRIPTION_MAX, NAME_MAX } from '../../domain/catalog-text';
import { fieldMessages, optionalText, requiredText } from './body';
import { commissionRateField, reasonField, reasonRequired } from './moderation-bodies';
import { sendCodeBodySchema } from './phone-bodies';

/** Control characters a name may not hold; a description may hold tabs and line breaks. */
const NAME_CONTROL = /\p{Cc}/u;
const DESCRIPTION_CONTROL = /(?![\t\n\r])\p{Cc}/u;
const noControl = (field: string) => `The ${field} must not contain control characters.`;

export const CITY_MAX = 100;
export const ADDRESS_MAX = 255;

export const sellerRegisterBodySchema = z.object({
  shop_name: requiredText('shop_name', NAME_MAX).refine((s) => !NAME_CONTROL.test(s), noControl('shop name')),
  shop_name_ar: optionalText('shop_name_ar', NAME_MAX).refine((s) => s === undefined || !NAME_CONTROL.test(s), noControl('shop name ar')),
  store_type: z.enum(STORE_TYPES, {
    error: (issue) => (issue.input === undefined ? fieldMessages.required('store type') : fieldMessages.invalid('store type')),
  }),
  city: requiredText('city', CITY_MAX).refine((s) => !NAME_CONTROL.test(s), noControl('city')),
  address: requiredText('address', ADDRESS_MAX).refine((s) => !NAME_CONTROL.test(s), noControl('address')),
  phone: sendCodeBodySchema.shape.phone,
  description: optionalText('description', DESCRIPTION_MAX).refine((s) => s === undefined || !DESCRIPTION_CONTROL.test(s), noControl('description')),
});

export type SellerRegisterBody = z.output<typeof sellerRegisterBodySchema>;

const flag = (field: string) => z.boolean({ error: () => `The ${field} field must be true or false.` }).optional();

/** The operator's decisions on a shop; the texts of the same PATCH are catalog-texts-body.ts's. */
export const shopDecisionsBodySchema = z.object({
  status: z
    .enum(['active', 'suspended'], { error: () => fieldMessages.invalid('status') })
    .optional(),
  is_verified: flag('is verified'),
  is_featured: flag('is featured'),
  // Issue 24 (docs/OPERATOR.md): the shop's commission rate (admins only; basis points, null the default) and the
  // operator's reason, required when the shop is suspended (a suspension, or a pending shop rejected).
  commission_rate: commissionRateField(),
  reason: reasonField(),
}).refine((body) => body.status !== 'suspended' || body.reason !== null, reasonRequired);

export type ShopDecisionsBody = z.output<typeof shopDecisionsBodySchema>;

/** The keys of a shop PATCH that are decisions, not texts. */
export const SHOP_DECISION_KEYS = ['status', 'is_verified', 'is_featured', 'commission_rate', 'reason'] as const;
