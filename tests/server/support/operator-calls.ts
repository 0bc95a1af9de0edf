/**
 * Calls of the operator's console (issue 24, docs/OPERATOR.md "Console API") for the admin-* tests: JSON over
 * loopback with a bearer token, any method, and a manager account (a registered user raised to manager).
 */
import { login, registerBuyer, type Account, type AccountServer } from './account-server';

export interface OperatorReply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { data?: unknown; code?: string; errors?: { parameter: string; message: string }[] };
}

export async function operatorCall(
  server: Pick<AccountServer, 'url'>,
  token: string | null,
  method: 'GET' | 'PATCH' | 'POST',
  path: string,
  body?: unknown,
): Promise<OperatorReply> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? {} : (JSON.parse(text) as OperatorReply['body']) };
}

/** A registered user raised to manager in the database, with a session opened after the change. */
export async function managerLogin(server: AccountServer): Promise<Account> {
  const account = await registerBuyer(server, 'manager');
  await server.db.kysely.updateTable('users').set({ role: 'manager' }).where('id', '=', account.userId).execute();
  return { ...account, token: await login(server, account.email, account.password) };
}

/** The audit rows of one object, oldest first, as stored. */
export async function auditRows(server: Pick<AccountServer, 'db'>, objectType: string, objectId: number | string) {
  return server.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('object_type', '=', objectType)
    .where('object_id', '=', String(objectId))
    .orderBy('id')
    .execute();
}

/** Makes every insert into audit_log fail (a database fault), until the returned function is called. */
export async function breakAuditLog(server: Pick<AccountServer, 'db'>): Promise<() => Promise<void>> {
  const { sql } = await import('kysely');
  const db = server.db;
  if (db.dialect === 'postgres') {
    await sql`create or replace function audit_log_refuse() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(db.kysely);
    await sql`create trigger audit_log_refuse before insert on audit_log for each row execute function audit_log_refuse()`.execute(db.kysely);
    return async () => {
      await sql`drop trigger audit_log_refuse on audit_log`.execute(db.kysely);
      await sql`drop function audit_log_refuse()`.execute(db.kysely);
    };
  }
  await sql`create trigger audit_log_refuse before insert on audit_log begin select raise(abort, 'audit refused'); end`.execute(db.kysely);
  return async () => {
    await sql`drop trigger audit_log_refuse`.execute(db.kysely);
  };
}
