/**
 * Who may do what with a request on the post page (docs/COMMUNITY.md); the server checks the same and has the
 * last word (a seller whose shop is not verified learns it from SELLER_NOT_VERIFIED).
 */
import type { User } from '../../domain/account';
import type { CommunityResponse } from '../../domain/community-schemas';
import type { LocalCommunityPost } from '../../workers/data-api';

type ResponseFacts = Pick<CommunityResponse, 'shop_id' | 'seller_user_id' | 'shop_name' | 'shop_slug'>;
type PostFacts = Pick<LocalCommunityPost, 'user_id' | 'status' | 'local_state'> & { responses: readonly ResponseFacts[] };
type UserFacts = Pick<User, 'id' | 'role' | 'shop'>;

/** The owner closes a request the server has (a queued one is not there yet) while it is open or in progress. */
export function canClose(post: PostFacts, user: UserFacts | null): boolean {
  return user !== null && user.id === post.user_id && post.local_state === 'confirmed' && post.status !== 'closed';
}

/**
 * The responses of the seller's own shop (a responding seller's pull embeds only those). One sent from this
 * device is known by its seller before the pull brings it: the data worker does not know the seller's shop
 * and leaves shop_id 0 and the shop's name empty, which are taken from the signed-in user's shop.
 */
export function ownShopResponses<R extends ResponseFacts>(
  responses: readonly R[],
  user: UserFacts | null,
): R[] {
  const shop = user?.shop;
  if (!user || !shop) return [];
  return responses
    .filter((r) => r.shop_id === shop.id || (r.shop_id < 1 && r.seller_user_id === user.id))
    .map((r) => (r.shop_id > 0 ? r : { ...r, shop_id: shop.id, shop_name: r.shop_name || shop.name, shop_slug: r.shop_slug || shop.slug }));
}

/** A seller with a shop, not the owner, while the request is open and their shop has not responded. */
export function canRespond(post: PostFacts, user: UserFacts | null): boolean {
  if (user === null || user.role !== 'seller' || !user.shop || user.id === post.user_id) return false;
  return post.status === 'open' && post.local_state === 'confirmed' && ownShopResponses(post.responses, user).length === 0;
}
