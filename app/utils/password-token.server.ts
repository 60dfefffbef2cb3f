import { data } from '@remix-run/node'
import { resetPasswordSchema } from '~/contract/auth'
import { endpoints } from '~/contract/endpoints'
import { api } from './api.server'
import { formSpec, parseForm, replyWithApiFailure } from './form.server'
import { requireAnonymous, signInAndRedirect } from './session.server'
import { redirectWithSuccess } from './toast.server'

/** /reset-password and /set-password: a missing or rejected token is answered as not found. */
export async function loadPasswordToken(request: Request) {
  // Checked here too: the layout's redirect of signed-in users must win over this page's 404.
  await requireAnonymous(request)
  const url = new URL(request.url)
  const token = url.searchParams.get('token')
  if (!token) throw new Response('This link is invalid or has expired', { status: 404 })
  const result = await api(request, endpoints.verifyPasswordToken, {
    body: { token },
    token: null,
  })
  if (!result.ok) throw new Response('This link is invalid or has expired', { status: 404 })
  return {
    token,
    email: result.data.email,
    name: result.data.name,
    spec: formSpec(resetPasswordSchema),
  }
}

export async function passwordTokenAction(request: Request, kind: 'reset' | 'set') {
  const { submission } = await parseForm(request, resetPasswordSchema, { honeypot: true })
  const hidden = ['password', 'password_confirmation']
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: hidden }) }, { status: 400 })
  }
  const result = await api(request, endpoints.resetPassword, {
    body: { ...submission.value, ...(kind === 'set' ? { on_new_password: true } : {}) },
    token: null,
  })
  if (!result.ok) {
    return data({ result: replyWithApiFailure(submission, result, hidden) }, { status: 400 })
  }
  const signedIn = await signInAndRedirect(request, result.data)
  return redirectWithSuccess(request, '/', result.message, { headers: signedIn.headers })
}
