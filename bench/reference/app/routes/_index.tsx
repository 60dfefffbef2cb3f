import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { database, type Row } from '../db.server'

export const meta: MetaFunction = () => [{ title: 'Reference' }]

export async function loader() {
  const db = await database()
  const { rows } = await db.query<Row>(
    'select id, reference, location, amount::int as amount from plots order by id limit 20',
  )
  return { rows }
}

export default function Index() {
  const { rows } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Plots</h1>
      <table>
        <thead>
          <tr>
            <th>Reference</th>
            <th>Location</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.reference}</td>
              <td>{row.location}</td>
              <td>{row.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  )
}
