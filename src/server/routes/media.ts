/**
 * Locally generated pictures (SVG): products, categories, shop logos and
 * covers. The URLs never change meaning, so they are cached as immutable.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { COLORS, type Color } from '../../domain/catalog';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { IMMUTABLE } from '../http/cache-control';
import { CONTROL_CHARS } from '../http/query-params';
import { garmentKindOf } from '../media/garment-kind';
import { categorySvg, productSvg, shopCoverSvg, shopLogoSvg } from '../media/images';
import { MAX_PRODUCT_IMAGES } from '../media/urls';

function sendSvg(reply: FastifyReply, body: string): FastifyReply {
  return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', IMMUTABLE).send(body);
}

/** A picture number as URLs spell it (1, 2, … never 01): one URL per picture, so one cache entry. */
const IMAGE_NUMBER = /^[1-9]\d?$/;

function isColor(value: string): value is Color {
  return (COLORS as readonly string[]).includes(value);
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string; n: string } }>('/media/products/:id/:n.svg', async (request, reply) => {
    const id = parseId(request.params.id);
    const n = IMAGE_NUMBER.test(request.params.n) ? Number(request.params.n) : 0;
    if (id === null || n < 1 || n > MAX_PRODUCT_IMAGES) throw new ApiError('MEDIA_NOT_FOUND');
    const product = await app.repos.media.product(id);
    if (!product) throw new ApiError('MEDIA_NOT_FOUND');
    const color: Color = product.firstColor !== null && isColor(product.firstColor) ? product.firstColor : 'white';
    return sendSvg(
      reply,
      productSvg({ productId: id, n, kind: garmentKindOf(product.categorySlug) ?? 'modern', color, label: product.name }),
    );
  });

  app.get<{ Params: { slug: string } }>('/media/categories/:slug.svg', async (request, reply) => {
    // The slug as stored, nothing stripped or folded: another spelling is another URL, and no picture.
    const slug = request.params.slug;
    if (CONTROL_CHARS.test(slug)) throw new ApiError('MEDIA_NOT_FOUND');
    const category = await app.repos.media.category(slug);
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
    const shop = await app.repos.media.shop(id);
    if (!shop) throw new ApiError('MEDIA_NOT_FOUND');
    const s = { shopId: shop.id, name: shop.name };
    return sendSvg(reply, picture === 'logo.svg' ? shopLogoSvg(s) : shopCoverSvg(s));
  });

  // A tailor's portrait (docs/TAILORING.md): their monogram on a zellige star, like a shop's logo.
  app.get<{ Params: { id: string } }>('/media/tailors/:id.svg', async (request, reply) => {
    const id = parseId(request.params.id);
    const tailor = id === null ? null : await app.repos.tailors.find({ id });
    if (!tailor) throw new ApiError('MEDIA_NOT_FOUND');
    return sendSvg(reply, shopLogoSvg({ shopId: 10_000 + tailor.tailor_id, name: tailor.name }));
  });
}
