/** Relative URLs of the locally generated images (see routes/media.ts). */
export function productImageUrl(productId: number, n: number): string {
  return `/media/products/${productId}/${n}.svg`;
}
export function categoryImageUrl(slug: string): string {
  return `/media/categories/${encodeURIComponent(slug)}.svg`;
}
export function shopLogoUrl(shopId: number): string {
  return `/media/shops/${shopId}/logo.svg`;
}
export function shopCoverUrl(shopId: number): string {
  return `/media/shops/${shopId}/cover.svg`;
}
/** Most images a product may have (the media route refuses higher numbers). */
export const MAX_PRODUCT_IMAGES = 6;
