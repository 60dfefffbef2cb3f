// Fills a migrated PGlite data folder (or the PostgreSQL database in DATABASE_URL) with the bench
// data set, by bulk INSERT ... SELECT generate_series: no per-row round trips.
// Usage: node bench/generate.mjs <DATA_DIR> <subscriptions>
import { hash } from '@node-rs/argon2'

export const BENCH_CUSTOMER = { email: 'bench-customer@bench.test', password: 'bench-password-1' }

const SCALE = {
  products: 10_000,
  customers: 5_000,
  realtors: 200,
  notifications: 50_000,
}

export async function generate({ dataDir, databaseUrl, subscriptions }) {
  const transactions = subscriptions * 2
  const db = await openBenchDatabase({ dataDir, databaseUrl })
  const passwordHash = await hash(BENCH_CUSTOMER.password, {
    algorithm: 2,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  })
  const started = Date.now()
  const steps = [
    [
      'realtors',
      `
      insert into users (reference, email, password_hash, first_name, last_name, business_name, role, email_verified_at, welcomed_at, created_at)
      select 'RLT-B' || lpad(g::text, 7, '0'), 'realtor' || g || '@bench.test', null, 'Realtor', 'Number ' || g, 'Realty ' || g, 'realtor', now(), now(), now() - (g || ' minutes')::interval
      from generate_series(1, ${SCALE.realtors}) g`,
    ],
    [
      'customers',
      `
      insert into users (reference, email, password_hash, first_name, last_name, role, email_verified_at, welcomed_at, realtor_id, created_at)
      select 'CUS-B' || lpad(g::text, 7, '0'),
             case when g = 1 then '${BENCH_CUSTOMER.email}' else 'customer' || g || '@bench.test' end,
             case when g = 1 then $1 else null end,
             (array['Adaeze','Babatunde','Chinedu','Damilola','Emeka','Funmilayo','Ikechukwu','Ngozi'])[1 + g % 8],
             (array['Okafor','Adeyemi','Balogun','Eze','Nwosu','Okonkwo','Olawale','Uche'])[1 + (g / 8) % 8],
             'customer', now(), now(),
             (select id from users r where r.role = 'realtor' order by id limit 1 offset (g % ${SCALE.realtors})),
             now() - (g || ' minutes')::interval
      from generate_series(1, ${SCALE.customers}) g`,
      [passwordHash],
    ],
    [
      'products',
      `
      insert into products (reference, type, description, location, amount, initial_deposit_amount, land_type, size, size_in_measurement,
                            available_by_quantity, unit_available, is_available, discount_percentage, investment_return, land_investment_type,
                            interval, duration, frequency_period, created_at)
      select 'PRD-B' || lpad(g::text, 7, '0'),
             case when g % 2 = 0 then 'land' else 'land_investment' end,
             'Bench product ' || g || ' with good road access and a clean title',
             (array['Lekki, Lagos','Ibeju-Lekki, Lagos','Epe, Lagos','Mowe, Ogun','Lugbe, Abuja','Kuje, Abuja'])[1 + g % 6] || ' ' || g,
             (1000000 + (g % 50) * 100000)::bigint * 100,
             case when g % 2 = 0 then 50000000::bigint else null end,
             case when g % 2 = 0 then (array['plot','acre'])[1 + g % 4 / 2] else null end,
             case when g % 2 = 0 then 600 else null end,
             case when g % 2 = 0 then 'sqm' else null end,
             g % 10 = 0, case when g % 10 = 0 then 20 else null end,
             g % 7 <> 0,
             case when g % 5 = 0 then 10 else null end,
             case when g % 2 = 1 then 12 else null end,
             case when g % 2 = 1 then (array['recurring','one_time'])[1 + g % 4 / 2] else null end,
             case when g % 2 = 1 then 'months' else null end,
             case when g % 2 = 1 then 12 else null end,
             case when g % 2 = 1 then 3 else null end,
             now() - (g || ' minutes')::interval
      from generate_series(1, ${SCALE.products}) g`,
    ],
    [
      'payment plans',
      `
      insert into payment_plans (product_id, amount, duration, duration_type)
      select id, amount + amount / 10, 6, 'months' from products where type = 'land'`,
    ],
    [
      'subscriptions',
      `
      with c as (select array_agg(id order by id) ids from users where role = 'customer'),
           p as (select array_agg(id order by id) ids, array_agg(type order by id) types, array_agg(amount order by id) amounts from products)
      insert into subscriptions (reference, user_id, product_id, type, status, payment_mode, total_amount, amount_invested,
                                 total_amount_paid, next_payment_amount, next_payment_date, created_at, updated_at)
      select 'SUB-B' || lpad(g::text, 8, '0'),
             c.ids[1 + (case when g % 20 = 0 then 0 else g % ${SCALE.customers} end)],
             p.ids[1 + g % ${SCALE.products}],
             p.types[1 + g % ${SCALE.products}],
             (array['awaiting_payment','awaiting_payment_confirmation','ongoing','completed'])[1 + g % 4],
             case when p.types[1 + g % ${SCALE.products}] = 'land' and g % 3 = 0 then 'installment' else 'full' end,
             p.amounts[1 + g % ${SCALE.products}],
             case when p.types[1 + g % ${SCALE.products}] = 'land_investment' then p.amounts[1 + g % ${SCALE.products}] else null end,
             case when g % 4 >= 2 then p.amounts[1 + g % ${SCALE.products}] / 2 else 0 end,
             p.amounts[1 + g % ${SCALE.products}] / 2,
             current_date + (g % 90),
             now() - (g || ' seconds')::interval, now()
      from generate_series(1, ${subscriptions}) g, c, p`,
    ],
    [
      'transactions',
      `
      insert into transactions (reference, subscription_id, amount, description, status, paid_at, created_at)
      select 'TRX-B' || lpad(g::text, 8, '0'), s.id, s.total_amount / 2, 'Bench payment ' || g,
             (array['awaiting_confirmation','paid','not_confirmed'])[1 + g % 3], now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      from generate_series(1, ${transactions}) g
      join subscriptions s on s.id = (select min(id) from subscriptions) + (g % ${subscriptions})`,
    ],
    [
      'notifications',
      `
      with u as (select array_agg(id order by id) ids from users where role in ('customer', 'super_admin'))
      insert into notifications (user_id, title, body, is_read, created_at)
      select u.ids[1 + (case when g % 10 = 0 then 0 else g % array_length(u.ids, 1) end)], 'Payment reminder ' || g,
             'Your next payment is due soon. Pay by bank transfer and upload your proof of payment.', g % 3 = 0,
             now() - (g || ' seconds')::interval
      from generate_series(1, ${SCALE.notifications}) g, u`,
    ],
    ['analyze', 'analyze'],
  ]
  for (const [name, sql, params] of steps) {
    const stepStarted = Date.now()
    await db.query(sql, params ?? [])
    console.log(`  generated ${name} in ${Date.now() - stepStarted} ms`)
  }
  await db.close()
  return { ms: Date.now() - started, subscriptions, transactions, ...SCALE }
}

export async function openBenchDatabase({ dataDir, databaseUrl }) {
  if (databaseUrl) {
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    return { query: (sql, params) => client.query(sql, params), close: () => client.end() }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const client = await PGlite.create(`${dataDir}/pglite`, { extensions: { pg_trgm } })
  return { query: (sql, params) => client.query(sql, params), close: () => client.close() }
}

/**
 * Generated customers other than the bench customer have no password: `count` of them with a
 * subscription awaiting a payment get the bench customer's, so the bench can sign in as them.
 * Answers them as { email, password }.
 */
export async function customersWithPasswords(db, count) {
  const { rows } = await db.query(
    `select email from users u
     where role = 'customer' and email <> $1
       and exists (select 1 from subscriptions s where s.user_id = u.id and s.status = 'awaiting_payment')
     order by id limit $2`,
    [BENCH_CUSTOMER.email, count],
  )
  const emails = rows.map((row) => row.email)
  await db.query(
    'update users set password_hash = (select password_hash from users where email = $1) where email = any($2)',
    [BENCH_CUSTOMER.email, emails],
  )
  return emails.map((email) => ({ email, password: BENCH_CUSTOMER.password }))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dataDir, subscriptions] = process.argv.slice(2)
  generate({
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    subscriptions: Number(subscriptions ?? 100_000),
  })
    .then((summary) => console.log(summary))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
