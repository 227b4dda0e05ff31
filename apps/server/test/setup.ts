import { inject } from 'vitest'
import { setRunId } from './databases'

setRunId(inject('testRunId'))
