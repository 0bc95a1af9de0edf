/**
 * Issue 6 (docs/COMMUNITY.md, "Messages"): conversations between a buyer and a
 * shop, their messages and the messages' attachments.
 *
 * - conversations: one per (user, shop), made by the first message. Personal
 *   to both sides (the buyer and the shop's seller pull it), so updated_at is
 *   stamped from a strictly increasing clock (repositories/message-writes.ts)
 *   under a table lock, like the replicated tables. Unread counts per side are
 *   kept on the row, written in the same transaction as the messages.
 * - messages: client_ref is the id the sender's app gave the message (its
 *   document id, the same in both participants' replicas); unique across all
 *   senders (another sender's reuse would overwrite or delete the first
 *   message in the replicas), so a queued message sent twice (or over REST
 *   and the socket) is stored once. updated_at
 *   from the messages' own clock (a read receipt moves it).
 * - message_attachments: the bytes of each file (sniffed JPG/PNG/GIF/WebP/PDF),
 *   served under /media/messages/{file}, file being a random name.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function messagesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('conversations'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
        .addColumn('last_message', 'text')
        .addColumn('last_message_at', 'bigint')
        .addColumn('buyer_unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('shop_unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('conversations_user_shop', ['user_id', 'shop_id'])
        .execute();
      await db.schema.createIndex('conversations_shop_updated').on('conversations').columns(['shop_id', 'updated_at']).execute();
      await db.schema.createIndex('conversations_user_updated').on('conversations').columns(['user_id', 'updated_at']).execute();

      await addIdColumn(db.schema.createTable('messages'), dialect)
        .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('sender_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_ref', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('post_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('messages_sender_check', sql`sender in ('buyer', 'shop')`)
        .addUniqueConstraint('messages_client_ref', ['client_ref'])
        .execute();
      await db.schema.createIndex('messages_conversation_created').on('messages').columns(['conversation_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('messages_conversation_updated').on('messages').columns(['conversation_id', 'updated_at']).execute();
      await db.schema.createIndex('messages_updated_at').on('messages').columns(['updated_at']).execute();

      await addIdColumn(db.schema.createTable('message_attachments'), dialect)
        .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('message_attachments_message').on('message_attachments').columns(['message_id', 'position']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('message_attachments').execute();
      await db.schema.dropTable('messages').execute();
      await db.schema.dropTable('conversations').execute();
    },
  };
}
