/**
 * The signed-in user's address book: GET/POST /api/user/addresses,
 * PUT/DELETE /api/user/addresses/:id (docs/ACCOUNTS.md). Ownership is part of
 * every query (repositories/addresses.ts), so someone else's id, a missing one
 * and a malformed one all answer 404 ADDRESS_NOT_FOUND and change nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Address } from '../../domain/account';
import { requireAuth } from '../auth/guards';
import { parseId } from '../db/ids';
import { addressPatchBodySchema, newAddressBodySchema } from '../http/address-body';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { AddressLimitError } from '../repositories/addresses';

interface IdParams {
  id: string;
}

function addressIdOrThrow(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError('ADDRESS_NOT_FOUND');
  return id;
}

/** The 20-address limit, as a 422 on the whole body. */
function limitError(error: AddressLimitError): ApiError {
  return new ApiError('VALIDATION', { message: error.message, errors: [{ parameter: '(body)', message: error.message }] });
}

export async function userAddressRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.authOptions.now();

  app.get<{ Reply: { status: 'success'; data: Address[] } }>('/api/user/addresses', async (request) => {
    const me = requireAuth(request);
    return { status: 'success', data: await app.repos.addresses.list(me.userId) };
  });

  app.post('/api/user/addresses', async (request, reply) => {
    const me = requireAuth(request);
    const body = parseBody(newAddressBodySchema, request.body);
    try {
      const data = await app.repos.addresses.create(me.userId, body, now());
      return reply.code(201).send({ status: 'success', message: 'Address saved', data });
    } catch (error) {
      if (error instanceof AddressLimitError) throw limitError(error);
      throw error;
    }
  });

  app.put<{ Params: IdParams }>('/api/user/addresses/:id', async (request) => {
    const me = requireAuth(request);
    const id = addressIdOrThrow(request.params.id);
    const patch = parseBody(addressPatchBodySchema, request.body);
    const data = await app.repos.addresses.update(me.userId, id, patch, now());
    if (!data) throw new ApiError('ADDRESS_NOT_FOUND');
    return { status: 'success', message: 'Address saved', data };
  });

  app.delete<{ Params: IdParams }>('/api/user/addresses/:id', async (request) => {
    const me = requireAuth(request);
    const id = addressIdOrThrow(request.params.id);
    if (!(await app.repos.addresses.remove(me.userId, id, now()))) throw new ApiError('ADDRESS_NOT_FOUND');
    return { status: 'success', message: 'Address deleted' };
  });
}
