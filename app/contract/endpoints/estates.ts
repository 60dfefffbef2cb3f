import { z } from 'zod'
import { endpoint, file } from '../endpoint'
import {
  estateDetailSchema,
  estateInputSchema,
  estateMapQuerySchema,
  estateSchema,
  PLOT_FILE_MAX_BYTES,
  plotCheckQuerySchema,
  plotCheckSchema,
  plotImportInputSchema,
  plotImportResultSchema,
  plotInputSchema,
  plotSchema,
  unmatchedAllocationSchema,
} from '../estates'
import { pageQuery, paginatedSchema } from './shared'

const REGISTRY_KEEPERS = { permissions: ['can_modify_product'] } as const
/** Those who keep the registry and those who allocate its plots on the title tracker. */
const REGISTRY_READERS = { permissions: ['can_modify_product', 'can_manage_titles'] } as const

const STATUS_WORDS =
  'A plot is `free`, `reserved` (held by a subscription with nothing paid yet), `sold` (held by one with a ' +
  'payment confirmed) or `allocated` (allocated on the title tracker).'

export const estateEndpoints = {
  estateCreate: endpoint({
    method: 'POST',
    path: 'admin/estate',
    tag: 'Plot registry',
    summary: 'Add an estate: its name, address and the Minna / UTM zone its beacons are read on',
    description:
      '`utm_zone` is `31N` (EPSG:26331, west of 6°E) or `32N` (EPSG:26332, east of 6°E). Names are unique, case aside (409 under `name`).',
    access: REGISTRY_KEEPERS,
    body: estateInputSchema,
    errors: { 409: 'An estate with this name already exists (under `name`)' },
    response: estateSchema,
  }),
  estateList: endpoint({
    method: 'GET',
    path: 'estate',
    tag: 'Plot registry',
    summary:
      'The estates, by name, with how many of their plots are free, reserved, sold and allocated',
    access: REGISTRY_READERS,
    query: pageQuery,
    response: paginatedSchema(estateSchema),
  }),
  estateShow: endpoint({
    method: 'GET',
    path: 'estate/:id',
    tag: 'Plot registry',
    summary: 'An estate with its blocks and plots, each with its status, beacons and surveyed area',
    description: `${STATUS_WORDS} \`subscription_reference\` names the subscription holding a plot.`,
    access: REGISTRY_READERS,
    response: estateDetailSchema,
  }),
  estateMap: endpoint({
    method: 'GET',
    path: 'estate/:id/map',
    tag: 'Plot registry',
    summary:
      "The estate's site map as an SVG document: every plot drawn from its beacons, with a key",
    description:
      'Staff who keep the registry or allocate plots see each plot as free, reserved, sold or allocated; anyone else ' +
      'signed in sees its own plots as "Yours" and every other as free or taken, never who holds it. `block` draws ' +
      'one block, larger (a phone reads a large estate that way); a block the estate lacks answers 404.',
    access: 'verified',
    query: estateMapQuerySchema,
    response: file('image/svg+xml'),
  }),
  plotCreate: endpoint({
    method: 'POST',
    path: 'admin/estate/:id/plot',
    tag: 'Plot registry',
    summary: 'Add a plot: its block, number, size and (optionally) its corner beacons',
    description:
      "`beacons` are `[easting, northing]` pairs in metres on the estate's zone, in survey order (a closed traverse may " +
      'repeat the first): at least 3, a boundary that never crosses itself, enclosing an area. `surveyed_area_sqm` is ' +
      'their shoelace area on the grid; a stated size more than 2 % off it sets `size_mismatch`. A plot overlapping a ' +
      'surveyed plot of the estate is refused with 422 naming the plots and the area shared (under `beacons`); a block ' +
      'and number already in the estate with 409 under `number`.',
    access: REGISTRY_KEEPERS,
    body: plotInputSchema,
    errors: {
      409: 'A block and number already in the estate (under `number`), or beacons on an estate whose zone is not set (under `beacons`)',
    },
    response: plotSchema,
  }),
  plotImport: endpoint({
    method: 'POST',
    path: 'admin/estate/:id/plot/import',
    tag: 'Plot registry',
    summary: 'Read a CSV of plots (a preview), or enter the rows it accepts (`commit: true`)',
    description:
      'The file: a header naming `block`, `plot`, `size_sqm` and optionally `beacons` ("easting northing; …"), UTF-8, ' +
      'at most 2 MB and 5,000 plots, in base64. Each row is accepted or refused with every reason (a block and plot ' +
      'twice, already in the estate, an overlap, a bad size or beacons); a size more than 2 % off the surveyed area is ' +
      'a warning. A commit enters the accepted rows, checked again. A file that cannot be read as such a CSV answers ' +
      '422 under `file_in_base64` and enters nothing.',
    access: REGISTRY_KEEPERS,
    body: plotImportInputSchema,
    bodyLimit: {
      bytes: Math.ceil((PLOT_FILE_MAX_BYTES * 4) / 3) + 64 * 1024,
      message: 'The plot file is larger than 2 MB: split it into several files',
      field: 'file_in_base64',
    },
    response: plotImportResultSchema,
  }),
  estateUnmatched: endpoint({
    method: 'GET',
    path: 'admin/estate/unmatched',
    tag: 'Plot registry',
    summary:
      'Plots typed on the title tracker before the registry that it could not take: unreadable, of several plots, of an unknown size, or given to another purchase first',
    access: REGISTRY_READERS,
    response: z.array(unmatchedAllocationSchema),
  }),
  plotCheck: endpoint({
    method: 'GET',
    path: 'verify/plot',
    tag: 'Plot registry',
    summary:
      'Public: whether a plot is free, reserved or allocated, with nothing about who holds it',
    description:
      'The search a buyer is told to do before paying. `estate` is its name, `block` and `plot` as the site plan ' +
      'writes them (case and a leading "Block" aside). A plot being paid for shows as reserved. An unknown plot answers 404.',
    access: 'public',
    query: plotCheckQuerySchema,
    errors: { 404: 'No such plot in the registry' },
    response: plotCheckSchema,
  }),
} as const
