import { useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { AbsoluteLink } from '~/components/ui/absolute-link'
import { EmptyState } from '~/components/ui/empty-state'
import { ExportCsvLink } from '~/components/ui/export-csv-link'
import { ListFilters } from '~/components/ui/list-filters'
import { Pagination } from '~/components/ui/pagination'
import {
  CARD_ACTIONS_CELL,
  CARD_TITLE_CELL,
  Cell,
  ColumnHeader,
  StackedTable,
} from '~/components/ui/stacked-table'
import type { Customer, CustomerListItem, Realtor, StaffUser } from '~/contract/people'
import { fullName, type PeopleSort } from '~/contract/people-labels'
import { formatDate } from '~/contract/format'
import { ActiveFilter } from '~/components/ui/active-filter'
import { listHref } from '~/utils/pagination'
import { PEOPLE, type PeopleKind } from './kinds'
import { StatusBadge } from './status-badge'
import { ArrearsBadge } from '~/components/ui/arrears-badge'

export type PersonRow = Customer &
  Partial<Pick<CustomerListItem, 'subscriptions_in_arrears'>> &
  Partial<Pick<Realtor, 'business_name'>> &
  Partial<Pick<StaffUser, 'permissions'>>

type Action = { label: string; to: string; ariaLabel: string }

/**
 * One list for customers, realtors and users: GET-form filters (search, date registered),
 * one table whose rows read as cards on phones (the stacked-table style), pagination and the
 * empty state. Panels (add,
 * details, edit, suspend) are nested routes shown in the route's <Outlet/>, passed as children.
 */
export function PeopleList({
  kind,
  items,
  page,
  total_pages: totalPages,
  filters,
  canModify,
  selfUuid,
  timeZone,
  error,
  aside,
  children,
}: {
  kind: PeopleKind
  items: PersonRow[]
  page: number
  total_pages: number
  filters: {
    search: string
    date_registered: string
    registered_from: string
    sort: string
    dir: string
  }
  canModify: boolean
  /** The viewer's own row (users list) offers no edit or suspend: the API refuses both. */
  selfUuid?: string
  timeZone: string
  error?: string | null
  aside?: ReactNode
  children?: ReactNode
}) {
  const { search } = useLocation()
  const config = PEOPLE[kind]
  const actionsFor = (person: PersonRow): Action[] => {
    const name = fullName(person)
    const actions: Action[] = []
    if (person.uuid === selfUuid) return actions
    if (kind === 'user') {
      if (canModify)
        actions.push({
          label: 'Edit',
          to: `${config.path}/${person.uuid}/edit${search}`,
          ariaLabel: `Edit ${name}`,
        })
    } else {
      actions.push({
        label: 'Details',
        to: `${config.path}/${person.reference}${search}`,
        ariaLabel: `Details of ${name}`,
      })
    }
    if (canModify) {
      const label = person.is_suspended ? 'Unsuspend' : 'Suspend'
      actions.push({
        label,
        to: `${config.path}/${person.uuid}/suspend${search}`,
        ariaLabel: `${label} ${name}`,
      })
    }
    return actions
  }

  return (
    <section aria-labelledby="people-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="people-heading" className="text-2xl font-bold text-slate-900">
          {config.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {/* Everyone this page shows to may export it; a realtor's file holds only its own customers. */}
          <ExportCsvLink list={config.exportList} />
          {canModify ? (
            <AbsoluteLink to={`${config.path}/new${search}`} className="btn-primary">
              Add {config.singular.toLowerCase()}
            </AbsoluteLink>
          ) : null}
        </div>
      </div>
      {aside}
      <ListFilters
        action={config.path}
        searchPlaceholder={`Search ${config.title.toLowerCase()}`}
        values={filters}
        dates={[{ name: 'date_registered', label: 'Date registered' }]}
        extra={{
          ...sortParams(filters),
          ...(filters.registered_from ? { registered_from: filters.registered_from } : {}),
        }}
      />
      {filters.registered_from ? (
        <ActiveFilter
          label={`Registered from ${formatDate(filters.registered_from)}`}
          clearTo={listHref(config.path, { ...filters, registered_from: '' })}
        />
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState item={config.item} />
      ) : (
        <StackedTable
          caption={config.title}
          head={
            <>
              <SortHeader
                path={config.path}
                filters={filters}
                column="reference"
                label="Reference"
              />
              <SortHeader path={config.path} filters={filters} column="name" label="Name" />
              <SortHeader path={config.path} filters={filters} column="email" label="Email" />
              {kind === 'realtor' ? (
                <SortHeader
                  path={config.path}
                  filters={filters}
                  column="business_name"
                  label="Business name"
                />
              ) : null}
              <SortHeader
                path={config.path}
                filters={filters}
                column="created_at"
                label="Date registered"
              />
              <ColumnHeader>Status</ColumnHeader>
              <ColumnHeader>
                <span className="sr-only">Actions</span>
              </ColumnHeader>
            </>
          }
        >
          {items.map((person) => (
            <tr role="row" key={person.uuid} data-testid="person-row">
              <Cell
                label="Reference"
                className="whitespace-nowrap font-mono text-xs md:px-4 md:py-3"
              >
                {person.reference}
              </Cell>
              <Cell className={CARD_TITLE_CELL}>{fullName(person)}</Cell>
              <Cell label="Email" className="break-all text-slate-600 md:px-4 md:py-3">
                {person.email}
              </Cell>
              {kind === 'realtor' ? (
                <Cell label="Business name" className="text-slate-600 md:px-4 md:py-3">
                  {person.business_name}
                </Cell>
              ) : null}
              <Cell
                label="Date registered"
                className="whitespace-nowrap text-slate-600 md:px-4 md:py-3"
              >
                {formatDate(person.created_at, timeZone)}
              </Cell>
              <Cell label="Status" className="md:px-4 md:py-3">
                <span className="flex flex-wrap gap-1">
                  <StatusBadge suspended={person.is_suspended} />
                  {person.subscriptions_in_arrears ? (
                    <ArrearsBadge>
                      In arrears
                      {person.subscriptions_in_arrears > 1
                        ? ` (${person.subscriptions_in_arrears} purchases)`
                        : ''}
                    </ArrearsBadge>
                  ) : null}
                </span>
              </Cell>
              <Cell className={CARD_ACTIONS_CELL}>
                <RowActions actions={actionsFor(person)} />
              </Cell>
            </tr>
          ))}
        </StackedTable>
      )}
      <Pagination page={page} totalPages={totalPages} label={`${config.title} pages`} />
      {children}
    </section>
  )
}

type ListFilterValues = { search: string; date_registered: string; sort: string; dir: string }

/** The sort a list address carries, for the filter form to keep (blank ones left out). */
function sortParams(filters: ListFilterValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ sort: filters.sort, dir: filters.dir }).filter(([, value]) => value),
  )
}

/**
 * A column header that sorts the list: a link to the same filters with ?sort=<column>&dir=…, from
 * page 1. The sorted column says its direction (aria-sort); with no sort the list is newest first.
 */
function SortHeader({
  path,
  filters,
  column,
  label,
}: {
  path: string
  filters: ListFilterValues
  column: PeopleSort
  label: string
}) {
  const current = filters.sort
    ? filters.sort === column
      ? filters.dir === 'desc'
        ? 'descending'
        : 'ascending'
      : undefined
    : column === 'created_at'
      ? 'descending'
      : undefined
  const nextDir = current === 'ascending' ? 'desc' : 'asc'
  const href = listHref(path, {
    page: 1,
    search: filters.search,
    date_registered: filters.date_registered,
    sort: column,
    dir: nextDir,
  })
  return (
    <th role="columnheader" scope="col" className="px-4 py-1" aria-sort={current}>
      <AbsoluteLink
        to={href}
        preventScrollReset
        className="inline-flex min-h-11 items-center gap-1 uppercase hover:text-slate-900 hover:underline"
      >
        {label}
        <span aria-hidden="true" className={current ? 'text-slate-900' : 'text-slate-300'}>
          {current === 'descending' ? '↓' : current === 'ascending' ? '↑' : '↕'}
        </span>
        <span className="sr-only">, sort {nextDir === 'asc' ? 'ascending' : 'descending'}</span>
      </AbsoluteLink>
    </th>
  )
}

function RowActions({ actions }: { actions: Action[] }) {
  return (
    <span className="inline-flex flex-wrap gap-3">
      {actions.map((action) => (
        <AbsoluteLink
          key={action.label}
          to={action.to}
          preventScrollReset
          aria-label={action.ariaLabel}
          className={
            action.label === 'Suspend'
              ? 'text-sm font-medium text-red-700 hover:underline'
              : 'link text-sm'
          }
        >
          {action.label}
        </AbsoluteLink>
      ))}
    </span>
  )
}
