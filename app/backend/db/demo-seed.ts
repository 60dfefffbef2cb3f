import type { Database } from './client'

/** The demo catalogue a newcomer sees at first start: filled in by the catalogue module. */
export async function seedDemoCatalogue(_db: Database, _adminId: number) {}
