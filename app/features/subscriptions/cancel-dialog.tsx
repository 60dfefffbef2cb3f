import { Form, useNavigation } from '@remix-run/react'
import type { SubscriptionDetail } from '~/contract/subscriptions'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/slide-over'

export function CancelDialog({
  subscription,
  closeTo,
}: {
  subscription: SubscriptionDetail
  closeTo: string
}) {
  const navigation = useNavigation()
  const unit =
    subscription.type === 'land'
      ? 'What it reserved goes back on sale'
      : 'Nothing more can be paid on it'
  return (
    <ConfirmDialog
      title={`Cancel ${subscription.reference}?`}
      closeTo={closeTo}
      message={`${subscription.user.full_name}'s subscription will be cancelled. ${unit}. This cannot be undone.`}
    >
      <Form method="post" preventScrollReset>
        <Button type="submit" variant="danger" pending={navigation.state === 'submitting'}>
          Cancel subscription
        </Button>
      </Form>
    </ConfirmDialog>
  )
}
