import type { NavIcon } from '~/utils/navigation'

export type IconName = NavIcon | 'menu' | 'close' | 'bell' | 'chevron'

/** An icon of the sprite public/icons.svg (one symbol per name, cached by the browser once). */
export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return (
    <svg className={`shrink-0 ${className}`} aria-hidden="true">
      <use href={`/icons.svg#${name}`} />
    </svg>
  )
}
