/**
 * Body of PUT /api/seller/shops/:id: the details a seller edits. Trimmed and
 * bounded; a given city or address may not be empty (the shop page shows them),
 * descriptions may. Names, status, rating and the rest are not editable here
 * and are dropped by the schema.
 */
import { z } from 'zod';
import { optionalText, requiredText } from './body';

export const SHOP_DESCRIPTION_MAX = 2000;

export const shopDetailsBodySchema = z.object({
  description: optionalText('description', SHOP_DESCRIPTION_MAX),
  description_ar: optionalText('description_ar', SHOP_DESCRIPTION_MAX),
  address: requiredText('address', 200).optional(),
  city: requiredText('city', 100).optional(),
});
export type ShopDetailsBody = z.output<typeof shopDetailsBodySchema>;
