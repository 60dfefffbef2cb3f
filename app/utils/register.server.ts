import { data } from '@remix-run/node'
import { registerSchema } from '~/contract/auth'
import { endpoints } from '~/contract/endpoints'
import { api, failureInit } from './api.server'
import { formSpec, parseForm, replyWithApiFailure } from './form.server'
import { signInAndRedirect } from './session.server'

/** Customer and realtor sign-up share one action: the route decides the role. */
export async function registerAction(request: Request, role: 'customer' | 'realtor') {
  const { submission } = await parseForm(request, registerSchema, { honeypot: true })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const result = await api(request, endpoints.register, {
    body: { ...submission.value, role },
    token: null,
  })
  if (!result.ok) {
    return data(
      { result: replyWithApiFailure(submission, result, ['password']) },
      failureInit(result),
    )
  }
  return signInAndRedirect(request, result.data, false, '/verify-email')
}

/** What the sign-up screens' form needs in the browser. */
export const registerFormSpec = () => formSpec(registerSchema)
