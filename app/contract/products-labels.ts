// The browser's share of contract/products.ts, without zod: components import these from here.

import { discountedKobo, koboOf } from './money'

export const PRODUCT_TYPES = ['land', 'land_investment'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]
export const LAND_TYPES = ['plot', 'acre'] as const
export type LandType = (typeof LAND_TYPES)[number]
export const INVESTMENT_TYPES = ['recurring', 'one_time'] as const
export type InvestmentType = (typeof INVESTMENT_TYPES)[number]
export const INTERVALS = ['days', 'weeks', 'months', 'years'] as const
export type Interval = (typeof INTERVALS)[number]
export const AVAILABLE_STATUSES = ['available', 'unavailable'] as const
export type AvailableStatus = (typeof AVAILABLE_STATUSES)[number]

/** Uploads into this folder are product images: public, and only staff who change products may add them. */
export const PRODUCT_IMAGE_FOLDER = 'products'
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const
/** A proof of payment may also be a PDF (served only as a download). */
export const PROOF_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const
export const MAX_PRODUCT_IMAGES = 10
export const MEDIA_PATH = '/api/v1/media/'

/** A land product's price for paying in full, in naira as the API sends amounts: discountedKobo's figure. */
export function discountedPrice(product: { amount: number; discount_percentage: number | null }) {
  return discountedKobo(koboOf(product.amount), product.discount_percentage) / 100
}
