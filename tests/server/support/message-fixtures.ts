/**
 * Messages in tests (docs/COMMUNITY.md "Messages"): a server with a buyer, a
 * second buyer and two shops' sellers, tiny valid files of each accepted type,
 * and a push service that records what it was asked to send.
 */
import { randomUUID } from 'node:crypto';
import type { PushNotification, PushService } from '../../../src/server/push/push-sender';
import { authHeaders, registerUser, requestJson, sellerLogin, startAuthServer, type AuthServer } from '../../helpers/auth';

export interface Party {
  token: string;
  userId: number;
  name: string;
}

export interface MessageWorld {
  server: AuthServer;
  buyer: Party;
  other: Party;
  sellerX: Party & { shopId: number; shopName: string };
  sellerY: Party & { shopId: number; shopName: string };
  pushes: { userIds: readonly number[]; notification: PushNotification }[];
}

export function recordingPush(into: MessageWorld['pushes']): PushService {
  return {
    provider: 'local',
    notify: (userIds, notification) => {
      into.push({ userIds: [...userIds], notification });
      return Promise.resolve({ delivered: userIds.length, dropped: 0 });
    },
  };
}

export async function messageWorld(server: AuthServer): Promise<MessageWorld> {
  const shops = await server.db.kysely.selectFrom('shops').select(['id', 'slug', 'name']).where('owner_user_id', 'is not', null).orderBy('id').limit(2).execute();
  const [x, y] = shops;
  if (!x || !y) throw new Error('the seed has fewer than two shops with sellers');
  const buyer = await registerUser(server.url, { first_name: 'Amina', last_name: 'Buyer', full_name: 'Amina Buyer' });
  const other = await registerUser(server.url, { first_name: 'Omar', last_name: 'Other' });
  const sx = await sellerLogin(server.url, x.slug);
  const sy = await sellerLogin(server.url, y.slug);
  const pushes: MessageWorld['pushes'] = [];
  server.app.push = recordingPush(pushes);
  return {
    server,
    buyer: { token: buyer.token, userId: Number(buyer.user.id), name: 'Amina Buyer' },
    other: { token: other.token, userId: Number(other.user.id), name: 'Omar Other' },
    sellerX: { token: sx.token, userId: Number(sx.user.id), name: x.name, shopId: Number(x.id), shopName: x.name },
    sellerY: { token: sy.token, userId: Number(sy.user.id), name: y.name, shopId: Number(y.id), shopName: y.name },
    pushes,
  };
}

export const api = (server: AuthServer, token: string | null, method: string, path: string, body?: unknown) =>
  requestJson(server.url, method, path, body, token === null ? {} : authHeaders(token));

export const ref = (): string => `m-${randomUUID()}`;

/** Smallest files the sniffing accepts. */
export const FILES = {
  png: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  jpg: Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
  pdf: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'),
  text: Buffer.from('just some text, not an image', 'utf8'),
};

export const dataUrl = (mime: string, data: Buffer): string => `data:${mime};base64,${data.toString('base64')}`;

export { startAuthServer };
