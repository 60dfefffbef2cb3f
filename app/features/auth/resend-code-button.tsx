import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useHydrated } from '~/utils/use-hydrated'

export const RESEND_SECONDS = 60

/** With JavaScript a 60-second countdown; without it the server's own cooldown answers. */
export function ResendCodeButton() {
  const navigation = useNavigation()
  // The countdown starts as the page opens (a code was just sent) and again at each resend.
  const [secondsLeft, setSecondsLeft] = useState(RESEND_SECONDS)
  const hydrated = useHydrated()
  const resending = navigation.formData?.get('intent') === 'resend'

  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000)
    return () => clearTimeout(timer)
  }, [secondsLeft])

  const waiting = hydrated && secondsLeft > 0
  return (
    <Form
      method="post"
      className="mt-4 text-center text-sm text-slate-600"
      onSubmit={() => setSecondsLeft(RESEND_SECONDS)}
    >
      <input type="hidden" name="intent" value="resend" />
      Didn't get the code?{' '}
      <button
        type="submit"
        className="link disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        disabled={waiting || resending}
      >
        {waiting ? `Resend code in ${secondsLeft}s` : 'Resend code'}
      </button>
    </Form>
  )
}
