import { Form, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { formatDate, parseDisplayDate } from '~/contract/format'
import { listHref } from '~/utils/pagination'

export type FilterSelect = {
  name: string
  label: string
  options: Array<{ value: string; label: string }>
}
export type FilterDate = { name: string; label: string }
/** A free-text filter (a reference, a name), applied when submitted or when the box is left. */
export type FilterText = { name: string; label: string; placeholder: string }

export const SEARCH_DEBOUNCE_MS = 500

/**
 * A list's search box and filters as one GET form, so the address always follows them and
 * works without JavaScript. With JavaScript the search submits itself 500 ms after typing stops
 * and a filter as soon as it changes; both go back to page 1.
 */
export function ListFilters({
  action,
  searchPlaceholder,
  values,
  selects = [],
  dates = [],
  texts = [],
  extra = {},
}: {
  action: string
  searchPlaceholder: string
  values: Record<string, string>
  selects?: FilterSelect[]
  /** Date boxes typed as DD/MM/YYYY, applied as soon as a whole date is typed or the box is cleared. */
  dates?: FilterDate[]
  texts?: FilterText[]
  /** Params the list always carries (for example type=land). */
  extra?: Record<string, string>
}) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  // The box holds what is typed; a new search in the address (back, forward, a link) replaces it.
  const [search, setSearch] = useState(values.search ?? '')
  const [searchInAddress, setSearchInAddress] = useState(values.search)
  if (values.search !== searchInAddress) {
    setSearchInAddress(values.search)
    setSearch(values.search ?? '')
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  const active = [...selects, ...dates, ...texts].filter((filter) => values[filter.name]).length

  const go = () => {
    if (!form.current) return
    const data = Object.fromEntries(new FormData(form.current)) as Record<string, string>
    navigate(listHref(action, { page: 1, ...data }), { replace: true, preventScrollReset: true })
  }

  return (
    <Form
      ref={form}
      method="get"
      action={action}
      role="search"
      className="flex flex-wrap items-end gap-2 sm:flex-nowrap"
      onSubmit={(event) => {
        event.preventDefault()
        clearTimeout(timer.current)
        go()
      }}
    >
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1">
        <label htmlFor={`${action}-search`} className="sr-only">
          {searchPlaceholder}
        </label>
        <input
          id={`${action}-search`}
          type="search"
          name="search"
          className="input"
          placeholder={searchPlaceholder}
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            clearTimeout(timer.current)
            timer.current = setTimeout(go, SEARCH_DEBOUNCE_MS)
          }}
        />
      </div>
      {selects.length || dates.length || texts.length ? (
        // Folded behind 'Filters' on phones, so the first results show without scrolling past every
        // filter; on wider screens CSS shows them inline (app/tailwind.css, .filters-fold). A list
        // opened already filtered (a dashboard's link) shows which filter holds it.
        <details
          className="filters-fold order-last w-full sm:order-none sm:w-auto"
          open={active > 0 || undefined}
        >
          <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
            Filters{active ? ` (${active})` : ''}
          </summary>
          <div className="mt-2 flex flex-col gap-2 sm:mt-0 sm:flex-row sm:items-end">
            {selects.map((select) => (
              <div key={select.name}>
                <label htmlFor={`${action}-${select.name}`} className="sr-only">
                  {select.label}
                </label>
                <select
                  id={`${action}-${select.name}`}
                  name={select.name}
                  className="input"
                  defaultValue={values[select.name] ?? ''}
                  key={values[select.name] ?? ''}
                  onChange={go}
                >
                  <option value="">{select.label}</option>
                  {select.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            {texts.map((text) => (
              <div key={text.name}>
                <label htmlFor={`${action}-${text.name}`} className="sr-only">
                  {text.label}
                </label>
                <input
                  id={`${action}-${text.name}`}
                  type="text"
                  name={text.name}
                  className="input sm:w-40"
                  placeholder={text.placeholder}
                  title={text.label}
                  maxLength={100}
                  defaultValue={values[text.name] ?? ''}
                  key={values[text.name] ?? ''}
                  onBlur={(event) => {
                    if (event.currentTarget.value.trim() !== (values[text.name] ?? '')) go()
                  }}
                />
              </div>
            ))}
            {dates.map((date) => (
              <div key={date.name}>
                {/* Shown, not only read out: "DD/MM/YYYY" alone does not say which date it filters. */}
                <label
                  htmlFor={`${action}-${date.name}`}
                  className="block text-xs font-medium text-slate-600"
                  data-testid="date-filter-label"
                >
                  {date.label}
                </label>
                <input
                  id={`${action}-${date.name}`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  name={date.name}
                  className="input sm:w-36"
                  placeholder="DD/MM/YYYY"
                  title={`${date.label} (DD/MM/YYYY)`}
                  defaultValue={shownDate(values[date.name])}
                  key={values[date.name] ?? ''}
                  onChange={(event) => {
                    // A half-typed date waits: the list follows once the box holds a whole date, or is cleared.
                    const typed = event.currentTarget.value
                    if (!typed || parseDisplayDate(typed)) go()
                  }}
                />
              </div>
            ))}
          </div>
        </details>
      ) : null}
      <button
        type="submit"
        className="btn-secondary sm:order-last"
        aria-busy={navigation.state === 'loading' || undefined}
      >
        Search
      </button>
    </Form>
  )
}

/** A date from the address as the box shows it: links may still carry YYYY-MM-DD. */
function shownDate(value: string | undefined) {
  const iso = parseDisplayDate(value)
  return iso ? formatDate(iso) : (value ?? '')
}
