/**
 * Compression for text responses (JSON, JS, CSS, HTML, SVG, manifests).
 * text/event-stream is never compressed: a compressor buffers, which would
 * hold back the stream's events.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:json|javascript|manifest\+json|xml)|text\/(?:html|css|javascript|plain|xml)|image\/svg\+xml)(?:;|$)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
