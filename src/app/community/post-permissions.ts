/**
 * Who may do what with a request on the post page (docs/COMMUNITY.md); the server checks the same and has the
 * last word (a seller whose shop is not verified learns it from SELLER_NOT_VERIFIED).
 */
import type { User } from '../../domain/account';
import type { LocalCommunityPost } from '../../workers/data-api';

type PostFacts = Pick<LocalCommunityPost, 'user_id' | 'status' | 'local_state' | 'responses'>;
type UserFacts = Pick<User, 'id' | 'role' | 'shop'>;

/** The owner closes a request the server has (a queued one is not there yet) while it is open or in progress. */
export function canClose(post: PostFacts, user: UserFacts | null): boolean {
  return user !== null && user.id === post.user_id && post.local_state === 'confirmed' && post.status !== 'closed';
}

/** A seller with a shop, not the owner, while the request is open and their shop has not responded. */
export function canRespond(post: PostFacts, user: UserFacts | null): boolean {
  if (user === null || user.role !== 'seller' || !user.shop || user.id === post.user_id) return false;
  const shopId = user.shop.id;
  return post.status === 'open' && post.local_state === 'confirmed' && !post.responses.some((r) => r.shop_id === shopId);
}

/** The responses of the seller's own shop (a responding seller's pull embeds only those). */
export function ownShopResponses<R extends { shop_id: number }>(responses: readonly R[], user: UserFacts | null): R[] {
  const shopId = user?.shop?.id;
  return shopId === undefined ? [] : responses.filter((r) => r.shop_id === shopId);
}
