import type { SubscriptionDetail } from '~/contract/subscriptions'
import { formatDate } from '~/contract/format'
import { capitalize, humanize } from '~/utils/text'
import { DetailRow } from '~/components/detail-row'
import { SlideOver } from '~/components/ui/slide-over'
import type { ListName } from './lists'

/** Who holds a subscription (opened from the card's subscriber or investor). */
export function SubscriberPanel({
  data,
}: {
  data: { name: ListName; subscription: SubscriptionDetail; closeTo: string; timeZone: string }
}) {
  const s = data.subscription
  return (
    <SlideOver
      title={data.name === 'investment' ? 'Investor details' : 'Subscriber details'}
      closeTo={data.closeTo}
    >
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Name">
          {s.is_user ? `${s.user.full_name} (You)` : s.user.full_name}
        </DetailRow>
        <DetailRow label="Email">
          <a href={`mailto:${s.user.email}`} className="link">
            {s.user.email}
          </a>
        </DetailRow>
        <DetailRow label="Reference">{s.user.reference}</DetailRow>
        <DetailRow label="Subscription">{s.reference}</DetailRow>
        <DetailRow label="Type">{capitalize(humanize(s.type))}</DetailRow>
        <DetailRow label="Subscribed on">{formatDate(s.created_at, data.timeZone)}</DetailRow>
      </dl>
    </SlideOver>
  )
}
