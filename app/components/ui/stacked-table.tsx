import type { ReactNode } from 'react'

/** The cell that heads a row's card on phones (a name), above the labelled cells. */
export const CARD_TITLE_CELL =
  'font-medium text-slate-900 max-md:order-first max-md:text-base max-md:font-semibold md:px-4 md:py-3'
/** The row's actions: the foot of its card on phones, the last column on wide screens. */
export const CARD_ACTIONS_CELL =
  'whitespace-nowrap max-md:mt-2 max-md:border-t max-md:border-slate-100 max-md:pt-3 md:px-4 md:py-3 md:text-right'

/**
 * One table for every width: on phones each row reads as a card (the stacked-table style in
 * tailwind.css), its cells labelled by their data-label. The roles are written out because some
 * browsers drop a table's once its rows are display: block.
 */
export function StackedTable({
  caption,
  head,
  children,
}: {
  caption: string
  head: ReactNode
  children: ReactNode
}) {
  return (
    <div className="md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white md:shadow-sm">
      <table
        role="table"
        className="stacked-table min-w-full text-sm md:divide-y md:divide-slate-200"
      >
        <caption className="sr-only">{caption}</caption>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when the rows are display: block (above) */}
        <thead
          role="rowgroup"
          className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600"
        >
          <tr role="row">{head}</tr>
        </thead>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when the rows are display: block (above) */}
        <tbody role="rowgroup" className="md:divide-y md:divide-slate-100">
          {children}
        </tbody>
      </table>
    </div>
  )
}

/** A plain column header of a StackedTable. */
export function ColumnHeader({ children }: { children: ReactNode }) {
  return (
    <th role="columnheader" scope="col" className="px-4 py-3">
      {children}
    </th>
  )
}

/** A cell of a StackedTable's row; `label` names it on its phone card (none for the title and the actions). */
export function Cell({
  label,
  className,
  children,
}: {
  label?: string
  className: string
  children: ReactNode
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a td's role in a table is cell, kept when the rows are display: block (above)
    <td role="cell" data-label={label} className={className}>
      {children}
    </td>
  )
}
