import { data } from '@remix-run/node'
import type { SessionUser } from '~/contract/auth'
import { endpoints } from '~/contract/endpoints'
import { userUpdateSchema } from '~/contract/people'
import { hasPermission } from '~/contract/permissions'
import { api } from '~/utils/api.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { failureResponse, requirePeopleAccess } from './access.server'
import { listAddress } from './people.server'

/** The server's permission list, and which of them the editor may not grant (it does not hold them). */
export async function loadPermissionChoices(request: Request, editor: SessionUser) {
  const result = await api(request, endpoints.permissionList)
  if (!result.ok) throw failureResponse(result)
  const locked = result.data
    .filter((item) => !hasPermission(editor, item.name))
    .map((item) => item.name)
  return { permissions: result.data, locked }
}

export const userUpdateFormSpec = () => formSpec(userUpdateSchema)

export async function updateUserAction(request: Request, uuid: string) {
  await requirePeopleAccess(request, 'user', 'modify')
  const { submission } = await parseForm(request, userUpdateSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const result = await api(request, endpoints.userUpdate, {
    params: { id: uuid },
    body: submission.value,
  })
  if (!result.ok)
    return data({ result: replyWithServerErrors(submission, result) }, { status: 400 })
  return redirectWithSuccess(request, listAddress(request, 'user'), 'User updated successfully')
}
