import { authJobs } from './features/auth/auth.jobs'
import { calendarJobs } from './features/calendar/calendar.jobs'
import { contactDataJobs } from './features/contact-data/contact-data.jobs'
import { contactImportJobs } from './features/contact-import/contact-import.jobs'
import { contactJobs } from './features/contacts/contacts.jobs'
import { duplicateJobs } from './features/duplicates/duplicates.jobs'
import { interactionJobs } from './features/interactions/interactions.jobs'
import { notificationJobs } from './features/notifications/notifications.jobs'
import { ruleJobs } from './features/notifications/rules.jobs'
import { transferJobs } from './features/transfers/transfers.jobs'
import { platformJobs, type Job } from './platform/jobs'

// Every scheduled job, as app.ts registers every route: the platform may not import features.
export const jobs: Job[] = [
  ...platformJobs,
  ...authJobs,
  ...calendarJobs,
  ...contactJobs,
  ...contactDataJobs,
  ...contactImportJobs,
  ...duplicateJobs,
  ...interactionJobs,
  ...notificationJobs,
  ...ruleJobs,
  ...transferJobs,
]
