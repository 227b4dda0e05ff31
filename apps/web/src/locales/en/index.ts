import common from './common.json'
import errors from './errors.json'
import fieldErrors from './field-errors.json'
import auth from './auth.json'
import shell from './shell.json'
import teams from './teams.json'
import dashboard from './dashboard.json'
import site from './site.json'
import account from './account.json'
import contacts from './contacts.json'
import contactView from './contact-view.json'
import contactForm from './contact-form.json'
import notes from './notes.json'
import relationships from './relationships.json'
import interests from './interests.json'
import activity from './activity.json'
import interactions from './interactions.json'
import contactEvents from './contact-events.json'
import consent from './consent.json'
import consentPage from './consent-page.json'
import qrCards from './qr-cards.json'
import events from './events.json'
import attendance from './attendance.json'
import calendar from './calendar.json'
import team from './team.json'
import teamUsers from './team-users.json'
import requests from './requests.json'
import subTeams from './sub-teams.json'
import roster from './roster.json'
import recentActivity from './recent-activity.json'
import notifications from './notifications.json'
import manageNotifications from './manage-notifications.json'
import map from './map.json'
import importAndShare from './import-and-share.json'
import spreadsheetImport from './import.json'
import transfers from './transfers.json'
import duplicates from './duplicates.json'
import contactData from './contact-data.json'
import reports from './reports.json'

/** The source texts: one namespace per feature; every other locale has the same keys. */
const en = {
  common,
  errors,
  'field-errors': fieldErrors,
  auth,
  shell,
  teams,
  dashboard,
  site,
  account,
  contacts,
  'contact-view': contactView,
  'contact-form': contactForm,
  notes,
  relationships,
  interests,
  activity,
  interactions,
  'contact-events': contactEvents,
  consent,
  'consent-page': consentPage,
  'qr-cards': qrCards,
  events,
  attendance,
  calendar,
  team,
  'team-users': teamUsers,
  requests,
  'sub-teams': subTeams,
  roster,
  'recent-activity': recentActivity,
  notifications,
  'manage-notifications': manageNotifications,
  map,
  'import-and-share': importAndShare,
  import: spreadsheetImport,
  transfers,
  duplicates,
  'contact-data': contactData,
  reports,
}

export type LocaleBundle = typeof en
export default en
