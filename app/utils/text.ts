/** Word helpers of the web pages (apart from the input helpers in ./format, which only forms need). */

/** Truncates with an ellipsis; 10 characters unless told otherwise. */
export function truncate(text: string, length = 10) {
  return text.length > length ? `${text.slice(0, length)}...` : text
}

export function capitalize(text: string) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text
}

/** "one_time" → "one time". */
export function humanize(text: string | null | undefined) {
  return (text ?? '').replace(/_/g, ' ')
}
