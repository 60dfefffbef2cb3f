/** Drops the mail log lines ('[mail] to …') the API prints for every message, so a test's own output stays readable. */
export function quietMailLog() {
  const log = console.log
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[mail]')) return
    log(...args)
  }
  return () => {
    console.log = log
  }
}
