import { z } from 'zod'
import { id, suggestionSchema, text } from '../rules/wire'
import { defineCall } from './define'

/** The lookup lists of spec 1 §7. */
export const lookupLists = [
  'interest-types',
  'interaction-types',
  'user-event-types',
  'member-status-types',
  'contact-source-types',
  'event-types',
  'religion-types',
  'bible-studies',
  'bible-studies-parents',
  'bible-studies-for-parent',
  'conferences',
  /** The churches of a conference (`parent` is its id): sign-up lists them before sign-in. */
  'conference-teams',
] as const
export type LookupList = (typeof lookupLists)[number]

/** Lists that may be read before sign-in (sign-up needs the conferences and their churches). */
export const publicLookupLists: readonly LookupList[] = ['conferences', 'conference-teams']

export const lookupItemSchema = z.object({
  id: z.union([z.string(), z.number()]),
  title: z.string(),
  /** Picking this item reveals a free-text field. */
  is_other: z.boolean().optional(),
  /** The parent's id, for bible studies. */
  parent: z.string().nullable().optional(),
})
export type LookupItem = z.infer<typeof lookupItemSchema>

const suggestionsResponse = z.object({ items: z.array(suggestionSchema) })

function suggestionCall<R extends z.ZodObject>(area: string, request: R, summary: string) {
  return defineCall({ method: 'GET', path: `/input-suggestions/${area}`, request, response: suggestionsResponse, summary })
}

/** GET input-suggestions/{area}: one call per area, each with its own query and access. */
export const suggestionCalls = {
  teamUsers: suggestionCall('team-users', z.object({ search: text(100).default(''), team_id: id }), 'Members of the team whose name or email matches'),
  entityTeams: suggestionCall(
    'entity-teams',
    z.object({ search: text(100).default(''), team_id: id }),
    'Teams (churches) of the conference whose title matches',
  ),
  entityTeamOwners: suggestionCall(
    'entity-team-owners',
    z.object({ search: text(100).default(''), team_id: id, conference_team_id: id }),
    'Owners of a team of the conference',
  ),
}

export const lookupCalls = {
  lookups: defineCall({
    method: 'GET',
    path: '/lookups/:list',
    params: z.object({ list: z.enum(lookupLists) }),
    request: z.object({ parent: text(100).optional(), locale: text(10).optional() }),
    response: z.object({ items: z.array(lookupItemSchema) }),
    summary: 'A lookup list',
  }),
}
