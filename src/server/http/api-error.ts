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
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ApiErrorCode,
    /** Extra fields merged into the JSON body (e.g. the stock check's status). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(API_ERRORS[code].message);
    this.statusCode = API_ERRORS[code].status;
  }
}

/** The error body every failing route answers with. */
export interface ErrorBody {
  success: false;
  message: string;
  errors?: { parameter: string; message: string }[];
}
