/**
 * The seller's shop: GET /api/seller/shop (their own) and PUT
 * /api/seller/shops/:id (the owner seller or an admin edits descriptions,
 * address and city). Answers use the public shop shape (shop-response.ts), so
 * the seller sees their shop as buyers will. The edit is a replicated write
 * (repositories/seller-shops.ts): pulls and the live stream carry it.
 */
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { requestLanguage } from '../http/request-language';
import { shopDetailsBodySchema } from '../http/shop-details-body';
import { toShopResponse, type ShopResponse } from '../http/shop-response';
import { NotShopOwnerError } from '../repositories/seller-shops';

interface ShopReply {
  status: 'success';
  message?: string;
  data: ShopResponse & { status_reason?: string | null };
}

export async function sellerShopRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Reply: ShopReply }>('/api/seller/shop', async (request, reply) => {
    const me = requireRole(request, 'seller');
    const shop = await app.repos.sellerShops.own(me.userId);
    if (!shop) throw new ApiError('SHOP_NOT_FOUND');
    // Issue 24: the operator's reason for a rejection or suspension, for the seller.
    const statusReason = await app.repos.operator.shopStatusReason(Number(shop.id));
    return { status: 'success', data: { ...toShopResponse(shop, requestLanguage(request, reply)), status_reason: statusReason } };
  });

  app.put<{ Params: { id: string }; Reply: ShopReply }>('/api/seller/shops/:id', async (request, reply) => {
    const me = requireRole(request, 'seller', 'admin');
    const shopId = parseId(request.params.id);
    if (shopId === null) throw new ApiError('SHOP_NOT_FOUND');
    const editor = { userId: me.userId, role: me.role };
    // Who may edit is settled before the body is read: another seller learns nothing from a 422.
    const may = await app.repos.sellerShops.mayEdit(shopId, editor);
    if (may === null) throw new ApiError('SHOP_NOT_FOUND');
    if (!may) throw new ApiError('FORBIDDEN');
    const patch = parseBody(shopDetailsBodySchema, request.body);
    try {
      const shop = await app.repos.sellerShops.update(shopId, patch, editor);
      if (!shop) throw new ApiError('SHOP_NOT_FOUND');
      return { status: 'success', message: 'Shop updated', data: toShopResponse(shop, requestLanguage(request, reply)) };
    } catch (error) {
      if (error instanceof NotShopOwnerError) throw new ApiError('FORBIDDEN');
      throw error;
    }
  });
}
