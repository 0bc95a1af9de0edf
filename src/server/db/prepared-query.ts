/**
 * Hot statements built by Kysely once per database handle instead of on every run.
 *
 * Kysely builds an immutable tree for every query and compiles it to SQL each time it runs. On the checkout
 * path (a dozen statements per order, every order serialised on SQLite's one writer) that building and
 * compiling was about a fifth of the server's CPU (docs/SCALING.md, "Checkout: where an order's time goes").
 * A prepared query is written as a Kysely builder like any other, its varying values named parameters: the
 * first run on a handle builds and compiles it with a placeholder for each, finds where each placeholder
 * landed in the compiled parameters, and later runs only put the new values in those places. The SQLite
 * driver's statement cache (database.ts) then finds the same SQL text.
 *
 * Only for queries whose shape does not depend on the values: no IN lists (their length changes the SQL), no
 * value that decides whether a clause is added (a placeholder is always truthy: that is not caught). A value
 * read as a string or a number while building (a template literal, arithmetic) throws on the first run, and
 * so does a parameter that never reaches the SQL; an undefined parameter throws on any run. Templates are kept
 * per adapter and run as raw SQL, so not for a handle made with withSchema() or withPlugin() (the adapter is
 * the same, the SQL would not be; Souk has none).
 */
import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { Tx } from './write-transaction';

/** What the builder receives for each parameter: an opaque object Kysely passes through as a bound value. */
class Placeholder {
  constructor(readonly name: string) {}
  toString(): string {
    return this.refuse();
  }
  valueOf(): number {
    return this.refuse();
  }
  private refuse(): never {
    throw new Error(`prepared query: parameter ${this.name} was read while building; only pass it to Kysely as a value`);
  }
}

/** Where each compiled parameter comes from: a named parameter, or a constant written in the builder. */
type Slot = { param: string } | { constant: unknown };

interface Template {
  sql: string;
  slots: Slot[];
}

export type PreparedQuery<P extends Record<string, unknown>, R> = (tx: Tx, params: P) => Promise<QueryResult<R>>;

/**
 * A query built by `build` once per database handle (Kysely instance and its transactions), run with `params`.
 * Build it from `tx` and the parameters only, each parameter reaching Kysely as a value (once or more).
 */
export function preparedQuery<P extends Record<string, unknown>, R>(build: (tx: Tx, params: P) => Compilable<R>): PreparedQuery<P, R> {
  // Keyed by the handle's adapter: one per Kysely instance, shared by its transactions; another dialect compiles anew.
  const templates = new WeakMap<object, Template>();
  return async (tx, params) => {
    const adapter = tx.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template === undefined) {
      template = compileTemplate(build, tx, Object.keys(params));
      templates.set(adapter, template);
    }
    const parameters = template.slots.map((slot) => {
      if (!('param' in slot)) return slot.constant;
      const value = params[slot.param];
      // Never a SQL value (null is): a parameter left out would otherwise bind as whatever the driver makes of it.
      if (value === undefined) throw new Error(`prepared query: parameter ${slot.param} is undefined`);
      return value;
    });
    return tx.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>);
  };
}

function compileTemplate<P extends Record<string, unknown>, R>(build: (tx: Tx, params: P) => Compilable<R>, tx: Tx, names: readonly string[]): Template {
  const placeholders = Object.fromEntries(names.map((name) => [name, new Placeholder(name)]));
  const compiled = build(tx, placeholders as P).compile();
  const used = new Set<string>();
  const slots = compiled.parameters.map((parameter): Slot => {
    if (!(parameter instanceof Placeholder)) return { constant: parameter };
    used.add(parameter.name);
    return { param: parameter.name };
  });
  const unused = names.filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`prepared query: parameter ${unused.join(', ')} never reached the SQL`);
  return { sql: compiled.sql, slots };
}
