/**
 * Which pages may open the chat socket: the server's own origin, and those
 * listed in CHAT_ALLOWED_ORIGINS (comma-separated, e.g.
 * `https://souk.ma,https://www.souk.ma`). The socket carries its token in the
 * URL, but a page of another site must not drive it either way.
 */
import type { FastifyRequest } from 'fastify';

/** Origins as a browser sends them: scheme://host[:port], lowercased, without a trailing slash. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

export function parseAllowedOrigins(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map(normalizeOrigin)
    .filter((o) => o !== '');
}

export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  const given = normalizeOrigin(origin);
  const own = normalizeOrigin(`${request.protocol}://${request.host}`);
  return given === own || allowed.includes(given);
}
