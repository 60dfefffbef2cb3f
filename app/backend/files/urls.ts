import { MEDIA_PATH } from '~/contract/products'

export const fileUrl = (name: string) => `${MEDIA_PATH}${name}`

/** The stored name behind a file URL, absolute or relative: '…/api/v1/media/<name>' → '<name>'. */
export function fileNameFromUrl(url: string) {
  const match = /\/api\/v1\/media\/([a-f0-9]{32}\.(?:png|jpg|pdf))(?:[?#].*)?$/.exec(url.trim())
  return match ? match[1] : null
}
