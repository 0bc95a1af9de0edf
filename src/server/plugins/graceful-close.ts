/**
 * Lets app.close() finish promptly and politely. Node's server.close() waits
 * for every connection, and only reaps idle keep-alive ones: a connection that
 * was opened but never carried a request (browsers and fetch pools preconnect)
 * would hold shutdown until the client gives up. So on close we drop those,
 * let requests in flight finish, and after a deadline cut whatever is left.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export const DEFAULT_CLOSE_DEADLINE_MS = 5_000;

export function registerGracefulClose(app: FastifyInstance, deadlineMs = DEFAULT_CLOSE_DEADLINE_MS): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => {
    unused.delete(request.socket);
  });
  app.addHook('preClose', async () => {
    for (const socket of unused) socket.destroy();
    unused.clear();
    const deadline = setTimeout(() => app.server.closeAllConnections(), deadlineMs);
    deadline.unref();
  });
}
