import { malformedInputRun } from '../support/malformed-api-run'

malformedInputRun(2, 3)
