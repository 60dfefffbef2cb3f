import type { Downline, DownlineRealtor } from '~/contract/downline'
import { formatDate, formatNaira } from '~/contract/format'

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

const generationName = (generation: number) =>
  generation === 1 ? 'Realtors you invited' : 'Realtors they invited'

/**
 * A realtor's team: what each commission level earned it (a heading per level), then the realtors
 * it invited as a nested list, each with those it invited in turn, readable without JavaScript.
 */
export function DownlineTree({ downline, timeZone }: { downline: Downline; timeZone: string }) {
  const [first, ...deeper] = downline.generations
  const childrenOf = (reference: string, depth: number) =>
    deeper[depth]?.realtors.filter((realtor) => realtor.upline_reference === reference) ?? []
  const levels = [
    {
      key: 'own',
      title: 'Level 1 · Your customers',
      earned: downline.own.earned,
      count: plural(downline.own.customer_count, 'customer'),
    },
    ...downline.generations.map((generation) => ({
      key: `generation-${generation.generation}`,
      title: `Level ${generation.commission_level} · ${generationName(generation.generation)}`,
      earned: generation.earned,
      count: plural(generation.total, 'realtor'),
    })),
  ]
  const hidden = downline.generations.filter(
    (generation) => generation.total > generation.realtors.length,
  )
  return (
    <section aria-labelledby="downline-heading" className="card flex flex-col gap-3">
      <div>
        <h2 id="downline-heading" className="text-base font-semibold text-slate-900">
          Your team
        </h2>
        <p className="text-sm text-slate-500">
          What each level has earned you, net of withholding tax, paid or not.
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-3" aria-label="Earnings by level">
        {levels.map((level) => (
          <li
            key={level.key}
            className="rounded-md border border-slate-200 p-3"
            data-testid="downline-level"
          >
            <h3 className="text-sm font-medium text-slate-600">
              {level.title}: <span className="whitespace-nowrap">{formatNaira(level.earned)}</span>
            </h3>
            <p className="text-xs text-slate-500">{level.count}</p>
          </li>
        ))}
      </ul>
      {first?.realtors.length ? (
        <RealtorList
          label="Realtors you invited"
          realtors={first.realtors}
          level={first.commission_level}
          timeZone={timeZone}
          childrenOf={childrenOf}
          depth={0}
        />
      ) : (
        <p className="text-sm text-slate-500">
          No realtor has signed up through your invite link yet.
        </p>
      )}
      {hidden.map((generation) => (
        <p key={generation.generation} className="text-xs text-slate-500">
          and {generation.total - generation.realtors.length} more at level{' '}
          {generation.commission_level}
        </p>
      ))}
    </section>
  )
}

function RealtorList({
  label,
  realtors,
  level,
  timeZone,
  childrenOf,
  depth,
}: {
  label: string
  realtors: DownlineRealtor[]
  level: number
  timeZone: string
  childrenOf: (reference: string, depth: number) => DownlineRealtor[]
  depth: number
}) {
  return (
    <ul
      aria-label={label}
      className={
        depth
          ? 'ml-3 mt-2 flex flex-col gap-2 border-l-2 border-slate-200 pl-3'
          : 'flex flex-col gap-2'
      }
    >
      {realtors.map((realtor) => {
        const invited = childrenOf(realtor.reference, depth)
        return (
          <li key={realtor.reference} data-testid="downline-realtor">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium text-slate-900">{realtor.full_name}</span>
              <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">
                Level {level}
              </span>
            </div>
            <p className="text-xs text-slate-500">
              Joined {formatDate(realtor.joined_at, timeZone)} ·{' '}
              {plural(realtor.customer_count, 'customer')}
            </p>
            {invited.length ? (
              <RealtorList
                label={`Realtors ${realtor.full_name} invited`}
                realtors={invited}
                level={level + 1}
                timeZone={timeZone}
                childrenOf={childrenOf}
                depth={depth + 1}
              />
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
