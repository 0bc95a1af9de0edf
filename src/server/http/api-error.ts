/**
 * Errors as codes inside, texts at the edge: routes throw ApiError(code), the
 * error handler turns the code into a status and the client-facing message.
 */
export const API_ERRORS = {
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found' },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Category not found' },
  SHOP_NOT_FOUND: { status: 404, message: 'Shop not found' },
  COLLECTION_NOT_FOUND: { status: 404, message: 'Unknown collection' },
  MEDIA_NOT_FOUND: { status: 404, message: 'Image not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Not found' },
  INVALID_PRODUCT_ID: { status: 400, message: 'Invalid product ID' },
  INVALID_STOCK_ID: { status: 400, message: 'Invalid stock ID' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  // Accounts and sessions (docs/ACCOUNTS.md).
  UNAUTHENTICATED: { status: 401, message: 'Unauthenticated.' },
  FORBIDDEN: { status: 403, message: 'You are not authorized to perform this action.' },
  CSRF_TOKEN_MISMATCH: { status: 419, message: 'CSRF token mismatch.' },
  VALIDATION: { status: 422, message: 'The given data was invalid.' },
  EMAIL_TAKEN: { status: 422, message: 'The email has already been taken.' },
  USERNAME_TAKEN: { status: 422, message: 'The username has already been taken.' },
  INVALID_CREDENTIALS: { status: 422, message: 'These credentials do not match our records.' },
  CURRENT_PASSWORD_WRONG: { status: 422, message: 'The current password is incorrect.' },
  GOOGLE_NOT_CONFIGURED: { status: 503, message: 'Google sign-in is not configured on this server.' },
  GOOGLE_AUTH_FAILED: { status: 401, message: 'Google authentication failed' },
  REAUTH_REQUIRED: { status: 403, message: 'Please confirm it is you with Google first.' },
  GOOGLE_EMAIL_EXISTS: { status: 409, message: 'An account with this email already exists. Please log in instead.' },
  ADDRESS_NOT_FOUND: { status: 404, message: 'Address not found' },
  INVALID_CODE: { status: 422, message: 'Invalid verification code' },
  CODE_EXPIRED: { status: 422, message: 'The verification code has expired' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many attempts. Please request a new code.' },
  RESEND_TOO_SOON: { status: 429, message: 'Please wait before requesting another code.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Please try again later.' },
  PHONE_NUMBER_LIMIT: { status: 429, message: 'Too many codes were sent to this number. Please try again later.' },
  SMS_FAILED: { status: 502, message: 'Failed to send verification code' },
  // Reviews, follows and idempotent writes (docs/REVIEWS-FOLLOWS.md).
  IDEMPOTENCY_KEY_INVALID: { status: 400, message: 'The Idempotency-Key header must be 1 to 100 characters of A-Z, a-z, 0-9, _ and -.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This idempotency key was already used for another request.' },
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, message: 'A request with this idempotency key is still in progress.' },
  SHOP_SUSPENDED: { status: 422, message: 'This shop is suspended.' },
  REVIEW_NOT_FOUND: { status: 404, message: 'Review not found' },
  REVIEW_EXISTS: { status: 422, message: 'You have already reviewed this product.' },
  REVIEW_TOO_MANY_IMAGES: { status: 422, message: 'You can upload at most 5 images.' },
  REVIEW_IMAGE_TOO_LARGE: { status: 413, message: 'Each image must be at most 2 MB.' },
  MALFORMED_MULTIPART: { status: 400, message: 'The form data could not be read.' },
  REVIEW_IMAGE_TYPE: { status: 422, message: 'Images must be JPG, PNG, WebP or GIF.' },
  // Orders, payments and order reviews (docs/COMMERCE.md, "Orders API").
  ORDER_NOT_FOUND: { status: 404, message: 'order_not_found' },
  ORDER_NOT_CANCELLABLE: { status: 422, message: 'This order can no longer be cancelled.' },
  /** The message names the move: "An order cannot move from {from} to {to}." */
  ORDER_TRANSITION_INVALID: { status: 422, message: 'An order cannot move to that status.' },
  ORDER_NOT_DELIVERED: { status: 422, message: 'You can review an order once it is delivered.' },
  ORDER_NOT_COD: { status: 422, message: 'This order is not paid cash on delivery.' },
  // Sellers' money (docs/MONEY.md).
  PAYOUT_NOT_FOUND: { status: 404, message: 'Payout not found' },
  /** The message names the status: "This payout is already {status}." */
  PAYOUT_NOT_PENDING: { status: 409, message: 'This payout is no longer pending.' },
  PERIOD_NOT_ENDED: { status: 422, message: 'This period has not ended yet.' },
  PRICE_CHANGED: { status: 422, message: 'Prices have changed since you added these items. Please review your cart.' },
  OUT_OF_STOCK_ITEMS: { status: 422, message: 'Some items are no longer available in the requested quantity.' },
  PAYMENT_NOT_NEEDED: { status: 422, message: 'Cash on delivery is paid on delivery.' },
  PAYMENT_METHOD_UNAVAILABLE: { status: 422, message: 'This payment method is coming soon.' },
  // Cart, coupons and wishlist (docs/COMMERCE.md).
  AUTH_FAILED: { status: 401, message: 'Authentication failed. Please log in again.' },
  STOCK_OR_VARIANT_REQUIRED: { status: 400, message: 'Either stock_id or variant_id must be provided' },
  QUANTITY_MIN: { status: 422, message: 'Quantity must be at least 1' },
  CART_ITEM_NOT_FOUND: { status: 404, message: 'Cart item not found' },
  OUT_OF_STOCK: { status: 422, message: 'This item is out of stock' },
  STOCK_EXCEEDED: { status: 422, message: 'Cannot add {n} items. Only {m} more available in stock' },
  QUANTITY_EXCEEDS_STOCK: { status: 422, message: 'The requested quantity exceeds available stock' },
  COUPON_REQUIRED: { status: 422, message: 'Please enter a coupon code' },
  COUPON_INVALID: { status: 422, message: 'Invalid coupon code' },
  CART_EMPTY: { status: 422, message: 'Your cart is empty' },
  CART_LIMIT: { status: 422, message: 'Your cart cannot hold more than 50 different items' },
  WISHLIST_EXISTS: { status: 400, message: 'Item already in wishlist' },
  WISHLIST_ITEM_NOT_FOUND: { status: 404, message: 'Item not found in wishlist' },
  // Messages and the chat socket (docs/COMMUNITY.md, "Messages").
  CONVERSATION_NOT_FOUND: { status: 404, message: 'Conversation not found' },
  MESSAGE_OWN_SHOP: { status: 422, message: 'You cannot send messages to your own shop.' },
  MESSAGE_TOO_MANY_ATTACHMENTS: { status: 422, message: 'You can attach at most 5 files.' },
  MESSAGE_ATTACHMENT_TOO_LARGE: { status: 413, message: 'Each attachment must be at most 10 MB.' },
  MESSAGE_ATTACHMENT_TYPE: { status: 422, message: 'Attachments must be images or PDF files.' },
  // Community requests and responses (docs/COMMUNITY.md, "Community").
  POST_NOT_FOUND: { status: 404, message: 'Post not found' },
  RESPONSE_NOT_FOUND: { status: 404, message: 'Response not found' },
  SELLER_NOT_VERIFIED: { status: 403, message: 'Only verified sellers can respond to requests.' },
  POST_NOT_OPEN: { status: 422, message: 'This request is no longer open.' },
  POST_ALREADY_CLOSED: { status: 422, message: 'This request is already closed.' },
  RESPONSE_EXISTS: { status: 422, message: 'Your shop has already responded to this request.' },
  RESPONSE_NOT_PENDING: { status: 422, message: 'This response has already been answered.' },
  RESPONSE_OWN_POST: { status: 422, message: 'You cannot respond to your own request.' },
  /** A create's client_ref is another author's post or message (docs/COMMUNITY.md). */
  CLIENT_REF_TAKEN: { status: 422, message: 'This reference is already used.' },
  // Tailoring (docs/TAILORING.md).
  TAILOR_NOT_FOUND: { status: 404, message: 'Tailor not found' },
  TAILOR_UNAVAILABLE: { status: 409, message: 'This tailor is not taking bookings at the moment.' },
  // The seller's products (docs/SELLERS.md "Products", "Variants", "Images", "CSV").
  VARIANT_NOT_FOUND: { status: 404, message: 'Variant not found' },
  VARIANT_EXISTS: { status: 422, message: 'This product already has a variant with this size, color and fabric.' },
  LAST_VARIANT: { status: 422, message: 'A product must keep at least one variant.' },
  PRODUCT_TOO_MANY_IMAGES: { status: 422, message: 'A product can have at most 8 images.' },
  PRODUCT_IMAGE_TOO_LARGE: { status: 413, message: 'Each image must be at most 5 MB.' },
  PRODUCT_IMAGE_TYPE: { status: 422, message: 'Images must be JPG, PNG or WebP.' },
  IMAGE_ORDER_INVALID: { status: 422, message: "The order must list each of the product's images once." },
  /** The message names the operator's reason: "This product was unpublished by Souk: {reason}. Contact support to publish it again." */
  PRODUCT_MODERATED: { status: 409, message: 'This product was unpublished by Souk. Contact support to publish it again.' },
  CSV_REQUIRED: { status: 415, message: 'Send the products as a CSV file (text/csv, or a multipart file).' },
  CSV_TOO_LARGE: { status: 413, message: 'The CSV file must be at most 10 MB.' },
  // Seller sign-up and shop status (docs/SELLERS.md "Sign-up and shop status").
  SHOP_ALREADY_REGISTERED: { status: 409, message: 'You already have a shop.' },
  OPERATOR_CANNOT_SELL: { status: 403, message: 'An admin or manager account cannot open a shop.' },
  SHOP_PHONE_NOT_VERIFIED: { status: 409, message: "The shop's phone must be verified by its owner before the shop can be activated." },
  // The operator's inbox and COD remittances (docs/OPERATOR.md "Inbox", "COD remittances").
  CONTACT_MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  CONTACT_MESSAGE_ANSWERED: { status: 409, message: 'This message has already been answered.' },
  MAIL_FAILED: { status: 502, message: 'The email could not be sent. Please try again later.' },
  /** The body names them: `order_ids`. */
  ORDER_NOT_COLLECTED: { status: 422, message: 'Some orders have no cash collected on delivery.' },
  /** The body names them: `order_ids`. */
  ORDER_ALREADY_REMITTED: { status: 409, message: 'Some orders are already covered by a remittance.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ApiErrorCode,
    /** Extra fields merged into the JSON body (e.g. the stock check's status). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : API_ERRORS[code].message);
    this.statusCode = API_ERRORS[code].status;
  }
}

/** The error body every failing route answers with. */
export interface ErrorBody {
  success: false;
  status: 'error';
  /** Stable code the client translates (API_ERRORS key, or a Fastify code for its own 4xx). */
  code: string;
  message: string;
  errors?: { parameter: string; message: string }[];
}
