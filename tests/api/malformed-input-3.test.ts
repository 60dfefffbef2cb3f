import { malformedInputRun } from '../support/malformed-api-run'

malformedInputRun(3, 3)
