import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApi, type TestApi } from '../support/api-harness'

/** The plot registry's changes on the audit trail: who added an estate, a plot, a plot file. */

let api: TestApi
let superAdmin: string
let keeper: Awaited<ReturnType<TestApi['createStaff']>>

beforeAll(async () => {
  api = await createTestApi()
  superAdmin = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token
  keeper = await api.createStaff(['can_modify_product'])
})
afterAll(async () => {
  await api?.close()
})

type Entry = {
  action: string
  summary: string
  actor: { reference: string; name: string } | null
  record: { type: string; reference: string }
}

describe('the plot registry on the audit trail', () => {
  test('adding an estate, a plot and a plot file each leave an entry naming who did it and what, in the estate history', async () => {
    const estate = await api.call('POST', 'admin/estate', {
      token: keeper.token,
      body: { name: 'Audit Gardens', address: 'Epe, Lagos', utm_zone: '31N' },
    })
    expect(estate.status, estate.message).toBe('200')
    const plot = await api.call('POST', `admin/estate/${estate.data.id}/plot`, {
      token: keeper.token,
      body: {
        block: 'C',
        number: '14',
        size_sqm: 648,
        beacons: [
          [543_000, 713_000],
          [543_018, 713_000],
          [543_018, 713_036],
          [543_000, 713_036],
        ],
      },
    })
    expect(plot.status, plot.message).toBe('200')
    const csv = 'block,plot,size_sqm\nC,15,648\nC,16,648\nC,14,648\n'
    const imported = await api.call('POST', `admin/estate/${estate.data.id}/plot/import`, {
      token: keeper.token,
      body: {
        file_name: 'plots.csv',
        file_in_base64: Buffer.from(csv).toString('base64'),
        commit: true,
      },
    })
    expect(imported.status, imported.message).toBe('200')

    const history = await api.call('GET', `admin/audit?record=${estate.data.id}`, {
      token: superAdmin,
    })
    expect(history.status, history.message).toBe('200')
    const entries = history.data.items as Entry[]
    const byAction = (action: string) => entries.find((entry) => entry.action === action)
    const who = {
      reference: keeper.user.reference,
      name: `${keeper.user.first_name} ${keeper.user.last_name}`,
    }
    expect(byAction('estate.created')).toMatchObject({
      actor: who,
      record: { type: 'estate', reference: estate.data.id },
      summary: 'Added estate Audit Gardens (Minna / UTM 31N), Epe, Lagos',
    })
    expect(byAction('plot.created')).toMatchObject({
      actor: who,
      summary: 'Added Block C plot 14 (648 m², 4 beacons) to Audit Gardens',
    })
    expect(byAction('plot.imported')).toMatchObject({
      actor: who,
      summary: 'Imported 2 plots to Audit Gardens from a plot file (1 row refused)',
    })

    // The trail's action filter finds them too.
    const added = await api.call('GET', 'admin/audit?action=plot.created', { token: superAdmin })
    expect(added.status, added.message).toBe('200')
    expect((added.data.items as Entry[]).map((entry) => entry.summary)).toContain(
      'Added Block C plot 14 (648 m², 4 beacons) to Audit Gardens',
    )
  })
})
