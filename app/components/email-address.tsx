import { Fragment } from 'react'

/**
 * An e-mail address that wraps where a reader expects: after the '@', before a '.', after a '-'.
 * Only a single part too long for the line on its own is broken inside (overflow-wrap: anywhere),
 * so a long address never widens a phone screen.
 */
export function EmailAddress({ email, className = '' }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/)
  return (
    <span className={`[overflow-wrap:anywhere] ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
