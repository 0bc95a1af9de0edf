/** Community posts, responses, conversations and messages for the db tests, valid by the zod contracts. */
import type { CommunityResponse, Conversation } from '../../../src/domain/community-schemas';
import type { LocalCommunityPost, LocalMessage } from '../../../src/workers/data-api';

export function communityResponse(responseId: number, patch: Partial<CommunityResponse> = {}): CommunityResponse {
  return {
    id: `r-${responseId}-ref`,
    response_id: responseId,
    post_id: 1,
    shop_id: 1,
    shop_name: 'Atelier',
    shop_slug: 'atelier',
    seller_user_id: 9,
    message: 'We can make it',
    price: 1500,
    delivery_days: 14,
    images: [],
    status: 'pending',
    created_at: 1_700_000_000_000,
    updatedAt: 1_700_000_000_001,
    ...patch,
  };
}

export function communityPost(id: string, patch: Partial<LocalCommunityPost> = {}): LocalCommunityPost {
  return {
    id,
    post_id: 1,
    user_id: 7,
    author_name: 'Salma B.',
    title: 'Blue takchita',
    description: 'Sky blue with silver embroidery',
    category: 'clothing',
    category_id: null,
    images: [],
    budget_min: 1000,
    budget_max: 2500.5,
    currency: 'MAD',
    timeline_value: 3,
    timeline_unit: 'weeks',
    expected_delivery: null,
    specifications: '',
    required_skills: [],
    preferred_colors: ['blue'],
    preferred_styles: [],
    status: 'open',
    responses_count: 0,
    accepted_response_id: null,
    responses: [],
    created_at: 1_700_000_000_000,
    updatedAt: 1_700_000_000_001,
    local_state: 'confirmed',
    ...patch,
  };
}

export function conversation(conversationId: number, patch: Partial<Conversation> = {}): Conversation {
  return {
    id: String(conversationId),
    conversation_id: conversationId,
    user_id: 7,
    shop_id: 1,
    name: 'Atelier',
    avatar: '',
    last_message: 'Salam',
    last_message_at: 1_700_000_000_000,
    unread_count: 0,
    updatedAt: 1_700_000_000_001,
    ...patch,
  };
}

export function message(id: string, patch: Partial<LocalMessage> = {}): LocalMessage {
  return {
    id,
    message_id: 1,
    conversation_id: 1,
    shop_id: 1,
    user_id: 7,
    sender: 'buyer',
    sender_user_id: 7,
    content: 'Salam',
    post_id: null,
    attachments: [],
    created_at: 1_700_000_000_000,
    read_at: null,
    updatedAt: 1_700_000_000_001,
    local_state: 'confirmed',
    ...patch,
  };
}
