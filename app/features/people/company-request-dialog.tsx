import { Form, useNavigation } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/slide-over'
import { formatDate } from '~/contract/format'
import { fullName } from '~/contract/people-labels'
import type { RealtorDetails } from '~/contract/people'

const statusWords = (registeredCompany: boolean) =>
  registeredCompany ? 'a registered company' : 'an individual'

/**
 * Staff decide a realtor's own change of whether it is a registered company: approve (the flag
 * becomes what it asked) or reject (it stays). Two submit buttons of one plain form.
 */
export function CompanyRequestDialog({
  realtor,
  closeTo,
  timeZone,
}: {
  realtor: RealtorDetails
  closeTo: string
  timeZone: string
}) {
  const navigation = useNavigation()
  const request = realtor.registered_company_request
  const name = fullName(realtor)
  const deciding = navigation.state === 'submitting' ? navigation.formData?.get('decision') : null
  return (
    <ConfirmDialog
      title="Registered company change"
      closeTo={closeTo}
      message={
        request ? (
          <div className="flex flex-col gap-2" data-testid="company-request">
            <p>
              {name} ({realtor.reference}) asked on {formatDate(request.requested_at, timeZone)} to
              be treated as <strong>{statusWords(request.registered_company)}</strong>. You have
              them as {statusWords(realtor.registered_company)}.
            </p>
            <p>
              Withholding tax on their commissions is taken at the{' '}
              {request.registered_company ? 'company' : 'individual'} rate once you approve. Check
              their CAC registration before approving.
            </p>
          </div>
        ) : (
          <p>{name} has no registered company change waiting for a decision.</p>
        )
      }
    >
      {request ? (
        <Form method="post" preventScrollReset className="flex gap-3">
          <Button
            type="submit"
            name="decision"
            value="reject"
            variant="secondary"
            pending={deciding === 'reject'}
          >
            Reject
          </Button>
          <Button type="submit" name="decision" value="approve" pending={deciding === 'approve'}>
            Approve
          </Button>
        </Form>
      ) : null}
    </ConfirmDialog>
  )
}
