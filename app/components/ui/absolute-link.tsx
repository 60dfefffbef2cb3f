import { useNavigate } from '@remix-run/react'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

type AnchorAttributes = Pick<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  | 'className'
  | 'children'
  | 'rel'
  | 'role'
  | 'title'
  | 'tabIndex'
  | 'aria-current'
  | 'aria-label'
  | 'aria-hidden'
>

type AbsoluteLinkProps = AnchorAttributes & {
  /** A path on this site from its root, with its query: `/subscriptions/SUB-1/plan?page=2`. */
  to: string
  preventScrollReset?: boolean
  replace?: boolean
}

/**
 * Remix's <Link> for a path that is already absolute: the same anchor and the same in-app navigation,
 * without resolving the path against the route tree on every render. Lists render dozens of links per
 * page, and that resolution made each <Link> the costliest element of a card's server render; the same
 * hooks run again when a phone hydrates the page (docs/architecture.md). Anything relative stays a <Link>.
 *
 * The anchor's attributes are named one by one: copying "the rest" of the props into it (object rest
 * and spread) cost more than the rest of the link together, 70 times on a page of cards.
 */
export function AbsoluteLink({
  to,
  preventScrollReset,
  replace,
  className,
  children,
  rel,
  role,
  title,
  tabIndex,
  'aria-current': ariaCurrent,
  'aria-label': ariaLabel,
  'aria-hidden': ariaHidden,
}: AbsoluteLinkProps) {
  const navigate = useNavigate()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const modified =
      event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
    if (event.defaultPrevented || modified) return
    event.preventDefault()
    const { pathname, search, hash } = window.location
    // As <Link> does: a link to the page already shown replaces it in the history.
    navigate(to, { preventScrollReset, replace: replace ?? to === pathname + search + hash })
  }
  return (
    <a
      href={to}
      className={className}
      rel={rel}
      role={role}
      title={title}
      tabIndex={tabIndex}
      aria-current={ariaCurrent}
      aria-label={ariaLabel}
      aria-hidden={ariaHidden}
      onClick={handleClick}
      data-discover="true"
    >
      {children}
    </a>
  )
}
