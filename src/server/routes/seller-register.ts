/**
 * Seller sign-up (issue 23; docs/SELLERS.md "Sign-up and shop status"): POST /api/seller/register, as a signed-in
 * user, `{shop_name, shop_name_ar?, store_type, city, address, phone, description?}` → 201 with the new shop in the
 * public shop shape (shop-response.ts), status 'pending'. The user becomes a seller; their session (cookie or
 * bearer) carries the role from the next request on, since roles are read per request (auth/auth-plugin.ts).
 *
 * Refusals: a guest 401; an admin or manager 403 OPERATOR_CANNOT_SELL (before the body is read); a bad body 422
 * VALIDATION naming each field; a user who already owns a shop 409 SHOP_ALREADY_REGISTERED.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guards';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { requestLanguage } from '../http/request-language';
import { sellerRegisterBodySchema } from '../http/seller-register-body';
import { toShopResponse, type ShopResponse } from '../http/shop-response';
import { OperatorCannotSellError, ShopAlreadyRegisteredError } from '../repositories/shop-registration';

interface RegisterReply {
  status: 'success';
  message: string;
  data: ShopResponse;
}

export async function sellerRegisterRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Reply: RegisterReply }>('/api/seller/register', async (request, reply) => {
    const me = requireAuth(request);
    if (me.role === 'admin' || me.role === 'manager') throw new ApiError('OPERATOR_CANNOT_SELL');
    const body = parseBody(sellerRegisterBodySchema, request.body);
    try {
      const shop = await app.repos.sellerShops.register(me.userId, {
        shopName: body.shop_name,
        shopNameAr: body.shop_name_ar,
        storeType: body.store_type,
        city: body.city,
        address: body.address,
        phone: body.phone,
        description: body.description,
      });
      reply.code(201);
      return { status: 'success', message: 'Shop created', data: toShopResponse(shop, requestLanguage(request, reply)) };
    } catch (error) {
      if (error instanceof ShopAlreadyRegisteredError) throw new ApiError('SHOP_ALREADY_REGISTERED');
      if (error instanceof OperatorCannotSellError) throw new ApiError('OPERATOR_CANNOT_SELL');
      throw error;
    }
  });
}
