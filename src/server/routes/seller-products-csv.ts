/**
 * The seller's CSV (docs/SELLERS.md "CSV"): POST /api/seller/products/import takes a file (the request body as
 * text/csv, the one file of a multipart form, or JSON {csv: "…"} as the offline queue sends it) and answers
 * {created, updated, errors: [{line, column, message}]} with 200 even when some products were refused (those are
 * not written at all; the others are); GET /api/seller/products/export.csv answers the shop's products in the
 * same columns. Seller only (guest 401, other
 * roles 403); an Idempotency-Key makes an import act once (plugins/idempotency.ts; a multipart repeat is matched
 * by method and path only).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readProductCsv } from '../../domain/product-csv';
import { ApiError } from '../http/api-error';
import { NoShopError } from '../repositories/seller-products';
import type { ImportResult } from '../repositories/seller-products-csv';
import { noStore, sellerOf } from './seller-products';
import { alertLowStock, stocksBefore } from '../alerts/seller-alerts';

/** The largest file an import takes. */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;

async function fileText(request: FastifyRequest): Promise<string> {
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') return (await part.toBuffer()).toString('utf8');
      }
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('CSV_TOO_LARGE');
      throw new ApiError('MALFORMED_MULTIPART');
    }
    throw new ApiError('CSV_REQUIRED');
  }
  const body: unknown = request.body;
  if (typeof body === 'string') return body;
  // JSON {csv: "..."}: what a queued write (the seller's offline queue keeps JSON bodies) sends.
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const csv = (body as Record<string, unknown>).csv;
    if (typeof csv === 'string') return csv;
    const message = 'The csv field is required.';
    throw new ApiError('VALIDATION', { message, errors: [{ parameter: 'csv', message }] });
  }
  throw new ApiError('CSV_REQUIRED');
}

export async function sellerProductCsvRoutes(app: FastifyInstance): Promise<void> {
  noStore(app);
  // Encapsulated here: only these routes read CSV bodies and multipart files.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });
  app.addContentTypeParser(['text/csv', 'application/csv', 'text/plain'], { parseAs: 'string', bodyLimit: CSV_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });
  // A CSV body over the limit is the contract's error, not Fastify's.
  app.setErrorHandler(async (error) => {
    if ((error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError('CSV_TOO_LARGE');
    throw error;
  });

  app.post<{ Reply: { success: true } & ImportResult }>('/api/seller/products/import', async (request) => {
    const userId = sellerOf(request);
    const text = await fileText(request);
    const file = readProductCsv(text);
    const before = file.products.length > 0 ? await stocksBefore(app, request.log, { ownerUserId: userId }) : null;
    try {
      const result = await app.repos.sellerProducts.importCsv(userId, file.products, file.errors);
      if (result.updated > 0) await alertLowStock(app, request.log, { before }); // docs/SELLERS.md "Alerts"
      return { success: true, ...result };
    } catch (error) {
      if (error instanceof NoShopError) throw new ApiError('SHOP_NOT_FOUND');
      throw error;
    }
  });

  app.get('/api/seller/products/export.csv', async (request, reply) => {
    const userId = sellerOf(request);
    const csv = await app.repos.sellerProducts.exportCsv(userId);
    if (csv === null) throw new ApiError('SHOP_NOT_FOUND');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="products.csv"')
      .send(`\uFEFF${csv}`);
  });
}
