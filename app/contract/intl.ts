/**
 * Intl formatters are costly to build (a list page formats hundreds of amounts) and immutable,
 * so each locale-and-options pair is built once per process. A bad time zone still throws.
 */
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

function cached<T>(cache: Map<string, T>, key: string, build: () => T) {
  let format = cache.get(key)
  if (!format) {
    format = build()
    // Time zones come from a cookie: keep the cache from growing without bound.
    if (cache.size >= 500) cache.clear()
    cache.set(key, format)
  }
  return format
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return cached(
    numberFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  )
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}) {
  return cached(
    dateTimeFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  )
}
