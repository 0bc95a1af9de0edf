/**
 * Locally generated pictures (SVG): products, categories, shop logos and
 * covers. The URLs never change meaning, so they are cached as immutable.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { COLORS, type Color } from '../../domain/catalog';
import { ApiError } from '../http/api-error';
import { parseId } from '../http/query-params';
import { garmentKindOf } from '../media/garment-kind';
import { categorySvg, productSvg, shopCoverSvg, shopLogoSvg } from '../media/images';
import { MAX_PRODUCT_IMAGES } from '../media/urls';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function sendSvg(reply: FastifyReply, body: string): FastifyReply {
  return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', IMMUTABLE).send(body);
}

function isColor(value: string): value is Color {
  return (COLORS as readonly string[]).includes(value);
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string; n: string } }>('/media/products/:id/:n.svg', async (request, reply) => {
    const id = parseId(request.params.id);
    const n = /^\d{1,2}$/.test(request.params.n) ? Number(request.params.n) : 0;
    if (id === null || n < 1 || n > MAX_PRODUCT_IMAGES) throw new ApiError('MEDIA_NOT_FOUND');
    const product = await app.db.kysely
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select(['products.name', 'categories.slug'])
      .where('products.id', '=', id)
      .executeTakeFirst();
    if (!product) throw new ApiError('MEDIA_NOT_FOUND');
    const first = await app.db.kysely
      .selectFrom('product_variants')
      .select('color')
      .where('product_id', '=', id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const color: Color = first && isColor(first.color) ? first.color : 'white';
    return sendSvg(
      reply,
      productSvg({ productId: id, n, kind: garmentKindOf(product.slug) ?? 'modern', color, label: product.name }),
    );
  });

  app.get<{ Params: { slug: string } }>('/media/categories/:slug.svg', async (request, reply) => {
    const category = await app.db.kysely
      .selectFrom('categories')
      .select(['slug', 'gender', 'name_en'])
      .where('slug', '=', request.params.slug.replace(/\p{Cc}/gu, ''))
      .executeTakeFirst();
    if (!category) throw new ApiError('MEDIA_NOT_FOUND');
    return sendSvg(
      reply,
      categorySvg({
        slug: category.slug,
        gender: category.gender,
        kind: garmentKindOf(category.slug),
        label: category.name_en,
      }),
    );
  });

  app.get<{ Params: { id: string; picture: string } }>('/media/shops/:id/:picture', async (request, reply) => {
    const id = parseId(request.params.id);
    const picture = request.params.picture;
    if (id === null || (picture !== 'logo.svg' && picture !== 'cover.svg')) throw new ApiError('MEDIA_NOT_FOUND');
    const shop = await app.db.kysely.selectFrom('shops').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    if (!shop) throw new ApiError('MEDIA_NOT_FOUND');
    const s = { shopId: shop.id, name: shop.name };
    return sendSvg(reply, picture === 'logo.svg' ? shopLogoSvg(s) : shopCoverSvg(s));
  });
}
