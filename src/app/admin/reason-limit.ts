/**
 * The longest reason an operator may give: the server refuses more (REASON_MAX in
 * src/server/http/moderation-bodies.ts, and the adjustments' reason), so the fields stop there.
 */
export const REASON_MAX_LENGTH = 500;
