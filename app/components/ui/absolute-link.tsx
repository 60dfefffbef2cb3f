import { useNavigate } from '@remix-run/react'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

type AbsoluteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path on this site from its root, with its query: `/subscriptions/SUB-1/plan?page=2`. */
  to: string
  preventScrollReset?: boolean
  replace?: boolean
}

/**
 * Remix's <Link> for a path that is already absolute: the same anchor and the same in-app navigation,
 * without resolving the path against the route tree on every render. Lists render dozens of links per
 * page, and that resolution made each <Link> the costliest element of a card's server render; the same
 * hooks run again when a phone hydrates the page (README, Architecture). Anything relative stays a <Link>.
 */
export function AbsoluteLink({ to, preventScrollReset, replace, onClick, target, ...rest }: AbsoluteLinkProps) {
  const navigate = useNavigate()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    const modified = event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
    if (event.defaultPrevented || modified || (target && target !== '_self')) return
    event.preventDefault()
    const { pathname, search, hash } = window.location
    // As <Link> does: a link to the page already shown replaces it in the history.
    navigate(to, { preventScrollReset, replace: replace ?? to === pathname + search + hash })
  }
  return <a {...rest} href={to} target={target} onClick={handleClick} data-discover="true" />
}
