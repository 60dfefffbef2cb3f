import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { IconName } from '~/components/layout/icons'
import { NAV_ENTRIES } from '~/utils/menu-access.server'

const SPRITE = path.resolve(import.meta.dirname, '../../public/icons.svg')

test('every icon the pages draw is a symbol of public/icons.svg', () => {
  const symbols = [...fs.readFileSync(SPRITE, 'utf8').matchAll(/<symbol id="([^"]+)"/g)].map(
    (match) => match[1],
  )
  const drawn: IconName[] = [
    ...NAV_ENTRIES.map((entry) => entry.icon),
    'menu',
    'close',
    'bell',
    'chevron',
  ]
  for (const name of drawn) expect(symbols, name).toContain(name)
  expect(new Set(symbols).size).toBe(symbols.length)
})
