import QRCode from 'qrcode'
import type { QrDrawing, Shareable } from './referral-share'

/**
 * The QR code of a link, drawn on the server (the page needs no script to show it): the `qrcode`
 * package's SVG, taken apart so the page renders it as its own element with an accessible name.
 */
export async function qrDrawingOf(url: string): Promise<QrDrawing> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 0 0'
  const background = /<path fill="#ffffff" d="([^"]+)"/.exec(svg)?.[1] ?? ''
  const modules = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? ''
  return { viewBox, background, modules }
}

/** What a realtor's WhatsApp message says before its link. */
export const CUSTOMER_INVITE_MESSAGE = 'Buy land with me on Land Banking. Sign up through my link: '
export const REALTOR_INVITE_MESSAGE =
  'Join my team of realtors on Land Banking. Sign up through my link: '

/** WhatsApp's share address: it opens the app (or web) with the message typed, for the user to pick a chat. */
export const whatsappShareUrl = (message: string, url: string) =>
  `https://wa.me/?text=${encodeURIComponent(message + url)}`

export async function shareableOf(url: string, message: string): Promise<Shareable> {
  return { url, qr: await qrDrawingOf(url), whatsappUrl: whatsappShareUrl(message, url) }
}
