/**
 * The text a PDF written by pdfkit shows, one line per text-showing operation. The documents are
 * written uncompressed, so the content streams can be read as they are: each `[…] TJ` holds hex
 * strings in the current font (`/F… Tf`). An embedded font's strings are glyph numbers, turned
 * back into characters by that font's ToUnicode map; a standard font's are latin1 bytes.
 */
export function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1')
  const objects = new Map<string, string>()
  for (const [, number, body] of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g))
    objects.set(number, body)

  const maps = new Map<string, Map<number, string>>()
  for (const [, name, number] of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const unicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(number) ?? '')
    if (unicode) maps.set(name, toUnicodeMap(objects.get(unicode[1]) ?? ''))
  }

  const lines: string[] = []
  let font: Map<number, string> | undefined
  for (const [, name, array] of source.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ/g)) {
    if (name) {
      font = maps.get(name)
      continue
    }
    let line = ''
    for (const [, hex] of array.matchAll(/<([0-9a-fA-F]*)>/g)) {
      const raw = Buffer.from(hex, 'hex')
      if (!font) {
        line += raw.toString('latin1')
        continue
      }
      for (let at = 0; at + 1 < raw.length; at += 2)
        line += font.get(raw.readUInt16BE(at)) ?? '\uFFFD'
    }
    lines.push(line)
  }
  return lines.join('\n')
}

/** A ToUnicode CMap's glyph → text pairs (bfchar, and bfrange in both its forms; a ligature's entry holds several code units, space-separated). */
function toUnicodeMap(cmap: string) {
  const map = new Map<number, string>()
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le')
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(code, 16), utf16(text))
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, start, end, list, first] of block.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F]+)>)/g,
    )) {
      const from = parseInt(start, 16)
      const to = parseInt(end, 16)
      if (list !== undefined) {
        ;[...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach(([, text], offset) =>
          map.set(from + offset, utf16(text.replace(/\s/g, ''))),
        )
      } else {
        const base = parseInt(first, 16)
        for (let code = from; code <= to; code++)
          map.set(code, String.fromCharCode(base + code - from))
      }
    }
  }
  return map
}

/**
 * The text as one line, for phrases the layout may wrap: a line broken after a hyphen joins the
 * next as it was ("PRD-\nD097" → "PRD-D097"), any other break and run of spaces is one space.
 */
export const pdfWords = (bytes: Buffer) => pdfText(bytes).replace(/-\n/g, '-').replace(/\s+/g, ' ')
