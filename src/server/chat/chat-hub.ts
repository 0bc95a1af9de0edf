/**
 * One instance's side of the chat (docs/COMMUNITY.md "Real-time chat"): the
 * sockets it holds, the rooms they joined (`conv:<id>`, participants only,
 * checked when joining), and the bus (chat-bus.ts) that carries events between
 * instances. Every event goes through the bus, also on one instance, so a
 * message reaches a room's sockets the same way wherever it was stored.
 *
 * A stored message also notifies its recipient through app.push.notify.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { conversationRoom, messagePushUrl } from '../../domain/community';
import type { ChatServerFrame, Message } from '../../domain/community-schemas';
import type { MessageNotice } from '../repositories/message-writes';
import type { ChatBus, ChatEvent } from './chat-bus';
import { PresenceBook } from './presence';

/** A joined room: the conversation and its two parties (for presence). */
export interface JoinedRoom {
  conversationId: number;
  userId: number;
  shopId: number;
}

export interface ChatClient {
  /** `<instance>/<n>`: names the socket in the bus's events (the sender of a message is answered directly). */
  id: string;
  userId: number;
  /** The shop the user sells for, or null. */
  shopId: number | null;
  sessionId: string;
  socket: WebSocket;
  rooms: Map<number, JoinedRoom>;
}

const PUSH_BODY_MAX = 120;

export class ChatHub {
  readonly instance = randomUUID();
  readonly presence = new PresenceBook();
  private readonly clients = new Set<ChatClient>();
  private readonly perUser = new Map<number, number>();
  private nextId = 1;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly app: FastifyInstance,
    readonly bus: ChatBus,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      this.receive(event).catch((error: unknown) => app.log.error({ err: error }, 'chat: delivering a bus event failed'));
    });
  }

  /** A new authenticated socket; the first of its user on this instance announces them online. */
  add(socket: WebSocket, userId: number, shopId: number | null, sessionId: string): ChatClient {
    const client: ChatClient = { id: `${this.instance}/${this.nextId++}`, userId, shopId, sessionId, socket, rooms: new Map() };
    this.clients.add(client);
    const count = (this.perUser.get(userId) ?? 0) + 1;
    this.perUser.set(userId, count);
    if (count === 1) this.publish({ kind: 'presence', instance: this.instance, userId, shopId, online: true, lastSeen: null });
    return client;
  }

  /** A closed socket; the last of its user on this instance announces them gone (last seen now). */
  remove(client: ChatClient): void {
    if (!this.clients.delete(client)) return;
    const count = (this.perUser.get(client.userId) ?? 1) - 1;
    if (count > 0) {
      this.perUser.set(client.userId, count);
      return;
    }
    this.perUser.delete(client.userId);
    this.publish({ kind: 'presence', instance: this.instance, userId: client.userId, shopId: client.shopId, online: false, lastSeen: this.app.authOptions.now() });
  }

  /** After a message was stored (REST or socket): to the room on every instance, and a push to the recipient. */
  async delivered(message: Message, notice: MessageNotice, origin: string | null): Promise<void> {
    await this.bus.publish({ kind: 'message', conversationId: message.conversation_id, messageId: message.message_id, message, origin });
    if (notice.recipientUserId !== null) {
      const text = message.content.trim() !== '' ? message.content : (message.attachments[0]?.name ?? '');
      await this.app.push.notify([notice.recipientUserId], {
        title: notice.senderName,
        body: [...text].slice(0, PUSH_BODY_MAX).join(''),
        data: { sender_id: String(notice.senderId), url: messagePushUrl(notice.senderId) },
      });
    }
  }

  typing(client: ChatClient, conversationId: number, isTyping: boolean): void {
    this.publish({ kind: 'typing', conversationId, userId: client.userId, isTyping, origin: client.id });
  }

  send(client: ChatClient, frame: ChatServerFrame): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame));
  }

  /** Sockets held by this instance. */
  count(): number {
    return this.clients.size;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.bus.close();
  }

  private publish(event: ChatEvent): void {
    this.bus.publish(event).catch((error: unknown) => this.app.log.error({ err: error }, 'chat: publishing on the bus failed'));
  }

  private inRoom(conversationId: number): ChatClient[] {
    return [...this.clients].filter((c) => c.rooms.has(conversationId));
  }

  private async receive(event: ChatEvent): Promise<void> {
    switch (event.kind) {
      case 'presence': {
        this.presence.apply(event);
        const frame: ChatServerFrame = { type: 'presence', userId: event.userId, shopId: event.shopId, online: event.online, last_seen: event.lastSeen };
        for (const client of this.clients) {
          if (client.userId === event.userId) continue;
          const shares = [...client.rooms.values()].some((r) => r.userId === event.userId || (event.shopId !== null && r.shopId === event.shopId));
          if (shares) this.send(client, frame);
        }
        return;
      }
      case 'typing': {
        const frame: ChatServerFrame = { type: 'typing', roomId: conversationRoom(event.conversationId), userId: event.userId, isTyping: event.isTyping };
        for (const client of this.inRoom(event.conversationId)) if (client.userId !== event.userId) this.send(client, frame);
        return;
      }
      case 'message': {
        const targets = this.inRoom(event.conversationId).filter((c) => c.id !== event.origin);
        if (targets.length === 0) return;
        const message = event.message ?? (await this.app.repos.messages.byId(event.messageId));
        if (message === null) return;
        const frame: ChatServerFrame = { type: 'message', roomId: conversationRoom(event.conversationId), message };
        for (const client of targets) this.send(client, frame);
        return;
      }
    }
  }
}
