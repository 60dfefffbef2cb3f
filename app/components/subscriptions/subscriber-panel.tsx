import type { SubscriptionDetail } from '~/contract/subscriptions'
import { capitalize, formatDate, humanize } from '~/utils/format'
import { SlideOver } from '../ui/slide-over'
import type { ListName } from './lists'
import { Fact } from './subscription-card'

/** Who holds a subscription (opened from the card's subscriber or investor). */
export function SubscriberPanel({
  data,
}: {
  data: { name: ListName; subscription: SubscriptionDetail; closeTo: string; timeZone: string }
}) {
  const s = data.subscription
  return (
    <SlideOver title={data.name === 'investment' ? 'Investor details' : 'Subscriber details'} closeTo={data.closeTo}>
      <dl className="divide-y divide-slate-100">
        <Fact label="Name">{s.is_user ? `${s.user.full_name} (You)` : s.user.full_name}</Fact>
        <Fact label="Email">
          <a href={`mailto:${s.user.email}`} className="link">
            {s.user.email}
          </a>
        </Fact>
        <Fact label="Reference">{s.user.reference}</Fact>
        <Fact label="Subscription">{s.reference}</Fact>
        <Fact label="Type">{capitalize(humanize(s.type))}</Fact>
        <Fact label="Subscribed on">{formatDate(s.created_at, data.timeZone)}</Fact>
      </dl>
    </SlideOver>
  )
}
