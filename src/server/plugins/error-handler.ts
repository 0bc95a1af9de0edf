/**
 * The one error handler: bad input → 400 with a message naming the parameter,
 * known errors → their status and text, anything else → 500 with details
 * hidden from the client and logged.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_ERRORS, ApiError, type ErrorBody } from '../http/api-error';
import { issuesOf, RequestValidationError } from '../http/validation';

function isFastifyClientError(error: unknown): error is FastifyError & { statusCode: number } {
  if (typeof error !== 'object' || error === null) return false;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof ApiError) {
    const body: ErrorBody = { success: false, status: 'error', code: error.code, message: error.message };
    return reply.code(error.statusCode).send({ ...body, ...error.body, message: error.message });
  }
  if (error instanceof RequestValidationError) {
    const body: ErrorBody = { success: false, status: 'error', code: 'INVALID_PARAMETER', message: error.message, errors: error.issues };
    return reply.code(400).send(body);
  }
  if (error instanceof z.ZodError) {
    const body: ErrorBody = { success: false, status: 'error', code: 'INVALID_REQUEST', message: 'Invalid request', errors: issuesOf(error) };
    return reply.code(400).send(body);
  }
  if (isFastifyClientError(error)) {
    // Fastify's own 4xx (malformed URL, unsupported media type, body too large…): the message is safe.
    const code = typeof error.code === 'string' ? error.code : 'BAD_REQUEST';
    const body: ErrorBody = { success: false, status: 'error', code, message: error.message };
    return reply.code(error.statusCode).send(body);
  }
  const body: ErrorBody = { success: false, status: 'error', code: 'INTERNAL', message: API_ERRORS.INTERNAL.message };
  return reply.code(500).send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = error instanceof ApiError || error instanceof RequestValidationError || error instanceof z.ZodError;
    if (!known && !isFastifyClientError(error)) request.log.error({ err: error }, 'request failed');
    return sendError(reply, error);
  });
}
