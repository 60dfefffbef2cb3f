import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Vitest's global setup: in the PGlite runs the migrations run once, into an in-memory database
 * whose dump every test file's fresh database then starts from. Creating an empty PGlite cluster
 * and migrating it took most of an API test file's time.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return
  const { openDatabase } = await import('~/backend/db/client')
  const connection = await openDatabase({ dataDir: 'memory://' })
  const dump = await connection.dump!()
  await connection.close()
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-pglite-template-'))
  const file = path.join(folder, 'migrated.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  process.env.TEST_PGLITE_TEMPLATE = file
  return () => fs.rmSync(folder, { recursive: true, force: true })
}
