import fs from 'node:fs'
import path from 'node:path'
import stylesheetHref from '~/tailwind.css'

let text: string | undefined

/** The built stylesheet's text (public/build/_assets), read once. */
export function stylesheetText() {
  text ??= fs.readFileSync(
    path.resolve(process.cwd(), 'public', stylesheetHref.replace(/^\//, '')),
    'utf8',
  )
  return text
}
