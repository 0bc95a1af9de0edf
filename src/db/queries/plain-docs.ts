/**
 * RxDocuments → the contract's plain objects: no RxDB internals (_meta, _rev,
 * _attachments, _deleted) and no local q_ fields, a product's single-language
 * fields put back from its maps (query-fields.ts), so results cross comlink by
 * structured clone and equal what the server sent.
 */
import type { RxDocument } from 'rxdb';
import type { CategoryDoc, ProductDoc, ShopDoc } from '../../domain/catalog';
import { fromStoredProduct, withoutQueryFields, type StoredCategory, type StoredProduct, type StoredShop } from '../query-fields';

export function toProductDoc(doc: RxDocument<StoredProduct>): ProductDoc {
  return fromStoredProduct(withoutQueryFields(doc.toJSON()) as StoredProduct);
}

export function toCategoryDoc(doc: RxDocument<StoredCategory>): CategoryDoc {
  return withoutQueryFields(doc.toJSON()) as CategoryDoc;
}

export function toShopDoc(doc: RxDocument<StoredShop>): ShopDoc {
  return withoutQueryFields(doc.toJSON()) as ShopDoc;
}
