/** The product a first visit's page fetches for itself (first-answer.ts), through the worker's own view transport. */
import type { ProductDoc } from '../../domain/catalog';
import type { TextLanguage } from '../../domain/catalog-text';
import { createHttpViewTransport } from '../../sync/transport/view-transport';

export async function fetchProduct(apiBase: string, id: string, language: TextLanguage | undefined): Promise<ProductDoc | null> {
  const transport = createHttpViewTransport({ apiBase, descriptionsIn: () => language, timeoutMs: 10_000 });
  const [product] = await transport.byIds([id]);
  return product ?? null;
}
