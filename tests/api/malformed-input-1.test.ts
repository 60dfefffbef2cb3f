import { malformedInputRun } from '../support/malformed-api-run'

malformedInputRun(1, 3)
