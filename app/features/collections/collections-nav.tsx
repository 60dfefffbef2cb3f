import { Link } from '@remix-run/react'
import { COLLECTIONS_PATH, CREDITS_PATH, DELIVERIES_PATH } from './links'

const SECTIONS = [
  { id: 'received', label: 'Money received', to: COLLECTIONS_PATH },
  { id: 'credits', label: 'Credits', to: CREDITS_PATH },
  { id: 'deliveries', label: 'Deliveries', to: DELIVERIES_PATH },
] as const

export type CollectionsSection = (typeof SECTIONS)[number]['id']

/** The Collections heading and its three pages, as plain links. */
export function CollectionsHeader({
  current,
  intro,
}: {
  current: CollectionsSection
  intro: string
}) {
  return (
    <>
      <h1 id="collections-heading" className="text-2xl font-bold text-slate-900">
        Collections
      </h1>
      <nav
        aria-label="Collections sections"
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {SECTIONS.map((section) => (
          <Link
            key={section.id}
            to={section.to}
            aria-current={section.id === current ? 'page' : undefined}
            className={`-mb-px inline-flex min-h-[44px] shrink-0 items-center border-b-2 px-4 text-sm font-medium ${section.id === current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {section.label}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600">{intro}</p>
    </>
  )
}

export function LoadError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      {message}
    </p>
  )
}
