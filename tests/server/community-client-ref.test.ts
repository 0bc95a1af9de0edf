/**
 * client_ref is a document id every reader replicates (docs/COMMUNITY.md), so
 * it is unique across authors for posts and messages: another author's reuse
 * is 422 CLIENT_REF_TAKEN (and changes nothing), the same author's retry
 * answers the first result (200); concurrent creates get the same answers.
 * On SQLite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { onSqliteAndPostgres } from '../helpers/both-databases';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';

type Json = Record<string, unknown>;
const post = (patch: Json = {}): Json => ({ title: 'A kaftan', description: 'Made to measure', budget_min: 10, budget_max: 20, ...patch });

onSqliteAndPostgres(
  'client_ref is unique across authors',
  async (url, db) => {
    const alice = await registerUser(url);
    const mallory = await registerUser(url);
    const asAlice = authHeaders(alice.token);
    const asMallory = authHeaders(mallory.token);

    // Posts.
    const ref = `post-${randomUUID()}`;
    const first = await requestJson(url, 'POST', '/api/v1/community/posts', post({ client_ref: ref }), asAlice);
    expect(first.status).toBe(201);
    const again = await requestJson(url, 'POST', '/api/v1/community/posts', post({ client_ref: ref, title: 'Other' }), asAlice);
    expect(again.status).toBe(200);
    expect((again.body as { data: { post_id: number } }).data.post_id).toBe((first.body as { data: { post_id: number } }).data.post_id);
    const stolen = await requestJson(url, 'POST', '/api/v1/community/posts', post({ client_ref: ref, title: 'Hijack' }), asMallory);
    expect(stolen.status).toBe(422);
    expect(stolen.body).toMatchObject({ code: 'CLIENT_REF_TAKEN', message: 'This reference is already used.' });
    const rows = await db.kysely.selectFrom('community_posts').select(['user_id', 'title']).where('client_ref', '=', ref).execute();
    expect(rows.map((r) => [Number(r.user_id), r.title])).toEqual([[Number(alice.user.id), 'A kaftan']]);

    // Concurrent creates by two authors: one wins, the other is refused.
    const raced = `race-${randomUUID()}`;
    const answers = await Promise.all([
      requestJson(url, 'POST', '/api/v1/community/posts', post({ client_ref: raced }), asAlice),
      requestJson(url, 'POST', '/api/v1/community/posts', post({ client_ref: raced }), asMallory),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);

    // Messages.
    const shop = await db.kysely.selectFrom('shops').select('id').where('owner_user_id', 'is not', null).where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const mref = `msg-${randomUUID()}`;
    const sent = await requestJson(url, 'POST', '/api/messages', { shop_id: Number(shop.id), content: 'hello', client_ref: mref }, asAlice);
    expect(sent.status).toBe(201);
    const resent = await requestJson(url, 'POST', '/api/messages', { shop_id: Number(shop.id), content: 'hello again', client_ref: mref }, asAlice);
    expect(resent.status).toBe(200);
    const hijack = await requestJson(url, 'POST', '/api/messages', { shop_id: Number(shop.id), content: 'mine now', client_ref: mref }, asMallory);
    expect(hijack.status).toBe(422);
    expect(hijack.body).toMatchObject({ code: 'CLIENT_REF_TAKEN' });
    const messages = await db.kysely.selectFrom('messages').select(['sender_user_id', 'content']).where('client_ref', '=', mref).execute();
    expect(messages.map((m) => [Number(m.sender_user_id), m.content])).toEqual([[Number(alice.user.id), 'hello']]);

    const mraced = `mrace-${randomUUID()}`;
    const sends = await Promise.all([
      requestJson(url, 'POST', '/api/messages', { shop_id: Number(shop.id), content: 'a', client_ref: mraced }, asAlice),
      requestJson(url, 'POST', '/api/messages', { shop_id: Number(shop.id), content: 'm', client_ref: mraced }, asMallory),
    ]);
    expect(sends.map((a) => a.status).sort()).toEqual([201, 422]);
  },
  { products: 10 },
);
