/**
 * Bulk-load order (PostgreSQL manual, "Populating a Database"): drop the secondary indexes and the
 * foreign keys of the tables about to be filled, insert, then build each index once and check each
 * foreign key with one query instead of a trigger call per row.
 *
 * Nothing is hard-coded: the structures are read from the catalog before they are dropped
 * (pg_get_indexdef, pg_get_constraintdef) and recreated from those definitions, so an index or
 * constraint added by a later migration is deferred and restored the same way. Primary keys stay
 * (the generator and the recreated foreign keys need them). Unique indexes and unique constraints
 * are recreated from scratch, which checks every row: a duplicate still fails the whole load.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '#server/platform/db/client.js';

export interface DeferredStatement {
  /** The table, as regclass prints it (quoted when needed). */
  table: string;
  name: string;
  /** The statement that recreates it. */
  create: string;
}

export interface DeferredStructures {
  /** Secondary indexes and the unique (or exclusion) constraints that own an index. */
  indexes: DeferredStatement[];
  foreignKeys: DeferredStatement[];
}

function tableOids(tables: readonly string[]) {
  const names = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  return sql`(select c.oid from pg_class c where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace and c.relname in (${names}))`;
}

/** Reads the definitions, then drops foreign keys first (they may depend on a dropped index), then indexes. */
export async function dropDeferredStructures(db: Executor, tables: readonly string[]): Promise<DeferredStructures> {
  const oids = tableOids(tables);
  // Unique and exclusion constraints of the loaded tables, and the plain indexes no constraint owns.
  const constraintIndexes = await queryRows<{ tbl: string; name: string; quoted: string; def: string }>(
    db,
    sql`select c.conrelid::regclass::text as tbl, c.conname as name, quote_ident(c.conname) as quoted,
          pg_get_constraintdef(c.oid) as def
        from pg_constraint c
        where c.contype in ('u', 'x') and c.conrelid in ${oids}
        order by c.conrelid, c.conname`,
  );
  const plainIndexes = await queryRows<{ tbl: string; name: string; quoted: string; def: string }>(
    db,
    sql`select i.indrelid::regclass::text as tbl, ic.relname as name, quote_ident(ic.relname) as quoted,
          pg_get_indexdef(i.indexrelid) as def
        from pg_index i join pg_class ic on ic.oid = i.indexrelid
        where i.indrelid in ${oids}
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('p', 'u', 'x'))
        order by i.indrelid, ic.relname`,
  );
  // Foreign keys of the loaded tables, and those of any other table that rely on an index dropped here.
  const foreignKeys = await queryRows<{ tbl: string; name: string; quoted: string; def: string }>(
    db,
    sql`select c.conrelid::regclass::text as tbl, c.conname as name, quote_ident(c.conname) as quoted,
          pg_get_constraintdef(c.oid) as def
        from pg_constraint c
        where c.contype = 'f'
          and (c.conrelid in ${oids}
            or (c.confrelid in ${oids} and not exists (
              select 1 from pg_constraint p where p.conindid = c.conindid and p.conrelid = c.confrelid and p.contype = 'p')))
        order by c.conrelid, c.conname`,
  );

  for (const fk of foreignKeys) await db.execute(sql.raw(`alter table ${fk.tbl} drop constraint ${fk.quoted}`));
  for (const ci of constraintIndexes) await db.execute(sql.raw(`alter table ${ci.tbl} drop constraint ${ci.quoted}`));
  for (const ix of plainIndexes) await db.execute(sql.raw(`drop index ${schemaQualified(ix.quoted)}`));

  return {
    indexes: [
      ...plainIndexes.map((ix) => ({ table: ix.tbl, name: ix.name, create: ix.def })),
      ...constraintIndexes.map((ci) => ({ table: ci.tbl, name: ci.name, create: `alter table ${ci.tbl} add constraint ${ci.quoted} ${ci.def}` })),
    ],
    foreignKeys: foreignKeys.map((fk) => ({ table: fk.tbl, name: fk.name, create: `alter table ${fk.tbl} add constraint ${fk.quoted} ${fk.def}` })),
  };
}

function schemaQualified(quotedName: string): string {
  return `public.${quotedName}`;
}

/** Builds every deferred index (unique ones check all rows here). */
export async function recreateIndexes(db: Executor, deferred: DeferredStructures): Promise<void> {
  for (const index of deferred.indexes) await db.execute(sql.raw(index.create));
}

/** Adds the foreign keys back; each is validated by one query over the whole table. */
export async function recreateForeignKeys(db: Executor, deferred: DeferredStructures): Promise<void> {
  for (const fk of deferred.foreignKeys) await db.execute(sql.raw(fk.create));
}
