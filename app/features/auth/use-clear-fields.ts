import type { SubmissionResult } from '@conform-to/react'
import { useEffect } from 'react'

/**
 * After a failed post, empties the given inputs (a failed login clears the password).
 * Without JavaScript the server's reply already leaves them out (hideFields); with it the inputs
 * keep what was typed, so they are emptied here. The DOM is set directly: conform's update
 * intent would also wipe the server's message from the form.
 */
export function useClearFieldsAfterReply(
  lastResult: SubmissionResult<string[]> | null | undefined,
  inputIds: string[],
) {
  useEffect(() => {
    if (!lastResult || lastResult.status === 'success') return
    for (const id of inputIds) {
      const input = document.getElementById(id)
      if (input instanceof HTMLInputElement) input.value = ''
    }
    // Only a new reply should clear the fields, not a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastResult])
}
