/** Category routes (spec §7): the tree, the top categories, one category. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GENDERS } from '../../domain/catalog';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { publicFor } from '../http/cache-control';
import { toCategoryResponse, toCategoryTree, type CategoryResponse } from '../http/category-response';
import { CONTROL_CHARS, enumParam, locale } from '../http/query-params';
import { requestLanguage } from '../http/request-language';
import { parseRequest } from '../http/validation';

const CACHE = publicFor(60);

const treeQuerySchema = z.object({
  gender: enumParam(GENDERS).optional(),
  locale: locale.optional(),
});
const localeQuerySchema = z.object({ locale: locale.optional() });

interface CategoriesReply {
  success: true;
  categories: CategoryResponse[];
}
interface CategoryReply {
  success: true;
  category: CategoryResponse;
}

export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Reply: CategoriesReply }>('/api/categories/getAllCategories', async (request, reply) => {
    const q = parseRequest(treeQuerySchema, 'query', request.query);
    const language = requestLanguage(request, reply);
    const all = await app.repos.categories.live(q.gender);
    reply.header('cache-control', CACHE);
    return { success: true, categories: toCategoryTree(all.filter((c) => c.parent_id === 0), all, language) };
  });

  // Spec §7: "empty list on failure" — the home page renders without categories rather than an error.
  app.get<{ Reply: CategoriesReply }>('/api/categories/topCategories', async (request, reply) => {
    parseRequest(localeQuerySchema, 'query', request.query);
    const language = requestLanguage(request, reply);
    try {
      const all = await app.repos.categories.live();
      reply.header('cache-control', CACHE);
      return { success: true, categories: toCategoryTree(all.filter((c) => c.parent_id === 0), all, language) };
    } catch (error) {
      request.log.error({ err: error }, 'top categories failed; answering an empty list');
      return { success: true, categories: [] };
    }
  });

  app.get<{ Params: { key: string }; Reply: CategoryReply }>('/api/categories/:key', async (request, reply) => {
    parseRequest(localeQuerySchema, 'query', request.query);
    const language = requestLanguage(request, reply);
    const key = request.params.key.trim();
    if (key === '' || key.length > 100 || CONTROL_CHARS.test(key)) throw new ApiError('CATEGORY_NOT_FOUND');
    const id = parseId(key);
    const category =
      (id !== null ? await app.repos.categories.find({ id }) : null) ??
      (await app.repos.categories.find({ slug: key.toLowerCase() }));
    if (!category) throw new ApiError('CATEGORY_NOT_FOUND');
    const related = await app.repos.categories.live(category.gender);
    reply.header('cache-control', CACHE);
    return { success: true, category: toCategoryResponse(category, related, language) };
  });
}
