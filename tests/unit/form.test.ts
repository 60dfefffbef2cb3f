import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { loginSchema } from '~/contract/auth'
import { replyWithApiFailure } from '~/utils/form.server'

function submissionOf(values: Record<string, string>) {
  const formData = new FormData()
  for (const [key, value] of Object.entries(values)) formData.set(key, value)
  return parseWithZod(formData, { schema: loginSchema })
}

describe('replyWithApiFailure', () => {
  test("puts server field errors under their field joined by ', ', and the message on the form", () => {
    const reply = replyWithApiFailure(
      submissionOf({ email: 'ada@example.com', password: 'secret-123' }),
      {
        ok: false,
        httpStatus: 422,
        status: 'payloadValidationError',
        message: 'The email has already been taken',
        fieldErrors: { email: ['The email has already been taken', 'Email is blocked'] },
      },
      ['password'],
    )
    expect(reply.error).toEqual({
      '': ['The email has already been taken'],
      email: ['The email has already been taken, Email is blocked'],
    })
    // The e-mail comes back to the form; the password never does.
    expect(reply.initialValue).toEqual({ email: 'ada@example.com' })
  })

  test('a failure without field errors is the form message alone', () => {
    const reply = replyWithApiFailure(submissionOf({ email: 'ada@example.com', password: 'x' }), {
      ok: false,
      httpStatus: 401,
      status: 'invalidCredentials',
      message: 'These credentials do not match our records',
      fieldErrors: null,
    })
    expect(reply.error).toEqual({ '': ['These credentials do not match our records'] })
  })
})
