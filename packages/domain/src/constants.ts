/** Every number of the spec's business constants (spec 1 §9, spec 2 §9, spec 3 §9). */

/** Request time-out of every API call, in milliseconds. */
export const requestTimeoutMs = 5 * 60 * 1000
/** Notifications are polled this often while the panel is open. */
export const notificationPollMs = 60 * 1000
/** Debounce of suggestion and search inputs. */
export const searchDebounceMs = 400
/** Delay of a page transition. */
export const pageTransitionMs = 400

/** Lifetime of the selected_team, selected_group and locale cookies. */
export const selectionCookieDays = 365

export const passwordMinLength = 12
export const twoFactorCodeLength = 6
/** Under this age a contact is a minor. */
export const adultAge = 18

export const recurrenceIntervalMin = 1
export const recurrenceIntervalMax = 8
export const monthDayMin = 1
export const monthDayMax = 31

export const defaultPhoneCountry = 'AU'
/** The languages the app speaks; the first is the default. */
export const supportedLocales = ['en', 'es'] as const
export type Locale = (typeof supportedLocales)[number]
export const defaultLocale: Locale = 'en'

export const pageSizes = [4, 20, 50, 100, 200] as const
export type PageSize = (typeof pageSizes)[number]
export const defaultPageSize: PageSize = 100
/** Page buttons: the first 3, the last 3, the current page and its neighbours. */
export const pageButtonsAtEdges = 3

/** Form submission: success shows for 1 s, then the form returns to idle 3 s later. */
export const formSuccessMs = 1000
export const formResetMs = 3000
/** Error state of a form resets after about this long. */
export const formErrorResetMs = 3000
/** A confirm dialog closes this long after confirming. */
export const confirmCloseMs = 300
/** A 'copied' message shows this long. */
export const copiedMessageMs = 2000
/** Save indicators: success for 1 s, then two steps of 200 ms. */
export const saveIndicatorSuccessMs = 1000
export const saveIndicatorStepMs = 200

/** Age filter bands (spec 1 §9, spec 2 §9). */
export const ageBands = ['0-12', '13-21', '22-40', '41-65', '66+'] as const
/** Interaction filter values (spec 2 §9). */
export const interactionFilters = ['missed', 'none', '1', '3', '6', 'unvisited'] as const

/** Owner and member activity indicator thresholds, in days (spec 1 §6). */
export const activityRecentDays = 14
export const activityStaleDays = 90

/** Transfers must be dated at least this many days ahead (spec 3 §9). */
export const transferMinDaysAhead = 7
/** An active member in reports logged an interaction within this many days. */
export const activeMemberDays = 30
/** Archived contacts without interactions are removed after this many months. */
export const archivedContactRetentionMonths = 12

/** Map zoom levels and the default centre in the Sydney region (spec 1 §2). */
export const mapZoom = { default: 15, fitMax: 21, selected: 17, locate: 12, dashboard: 9 } as const
export const mapDefaultCentre = { lat: -33.8688, lng: 151.2093 } as const
