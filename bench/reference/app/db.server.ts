import { PGlite } from '@electric-sql/pglite'

export type Row = { id: number; reference: string; location: string; amount: number }

let ready: Promise<PGlite> | undefined

/** One in-memory PGlite per process, with a table of 100 plots. */
export function database() {
  ready ??= (async () => {
    const db = await PGlite.create()
    await db.exec(`
      create table plots (id serial primary key, reference text not null, location text not null, amount bigint not null);
      insert into plots (reference, location, amount)
      select 'PLT-' || lpad(g::text, 5, '0'), 'Lekki, Lagos ' || g, (1000000 + g * 1000)::bigint * 100
      from generate_series(1, 100) g;
    `)
    return db
  })()
  return ready
}
