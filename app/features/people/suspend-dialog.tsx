import { Form, useNavigation } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/slide-over'
import type { Customer } from '~/contract/people'
import { fullName } from '~/contract/people-labels'

/** The confirmation modal of suspend / unsuspend; the form says which state it asks for. */
export function SuspendDialog({ person, closeTo }: { person: Customer; closeTo: string }) {
  const navigation = useNavigation()
  const suspend = !person.is_suspended
  const name = fullName(person)
  return (
    <ConfirmDialog
      title={suspend ? `Suspend ${name}?` : `Unsuspend ${name}?`}
      closeTo={closeTo}
      message={
        suspend
          ? `${name} (${person.reference}) will be signed out at once and will not be able to sign in until unsuspended.`
          : `${name} (${person.reference}) will be able to sign in again.`
      }
    >
      <Form method="post" preventScrollReset>
        <input type="hidden" name="is_suspended" value={String(suspend)} />
        <Button
          type="submit"
          variant={suspend ? 'danger' : 'primary'}
          pending={navigation.state === 'submitting'}
        >
          {suspend ? 'Suspend' : 'Unsuspend'}
        </Button>
      </Form>
    </ConfirmDialog>
  )
}
