import { Form } from '@remix-run/react'
import { AbsoluteLink } from '~/components/ui/absolute-link'
import { Dropdown, dropdownItemClass } from '~/components/ui/dropdown'

/** The user menu: the full name cut at 15 characters (`shortName`, cut by the loader), Settings and Logout (a POST form). */
export function UserMenu({
  firstName,
  lastName,
  shortName,
}: {
  firstName: string
  lastName: string
  shortName: string
}) {
  const fullName = `${firstName} ${lastName}`.trim()
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase()
  return (
    <Dropdown
      buttonClassName="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:pr-3"
      label={
        <>
          <span
            className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
            aria-hidden="true"
          >
            {initials}
          </span>
          <span className="sr-only sm:not-sr-only" data-testid="user-menu-name" title={fullName}>
            {shortName}
          </span>
          <span className="sr-only">, account menu</span>
        </>
      }
    >
      <p className="truncate border-b border-slate-100 px-4 py-2 text-xs text-slate-500 sm:hidden">
        {shortName}
      </p>
      <AbsoluteLink to="/settings" role="menuitem" className={dropdownItemClass}>
        Settings
      </AbsoluteLink>
      <Form method="post" action="/logout">
        <button type="submit" role="menuitem" className={dropdownItemClass}>
          Logout
        </button>
      </Form>
    </Dropdown>
  )
}
