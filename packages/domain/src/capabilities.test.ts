import { describe, expect, it } from 'vitest'
import {
  assignedRoles,
  capabilityMap,
  capabilityNames,
  childGateExemptRoles,
  hasCapability,
  roleRank,
  teamRoles,
  type Capability,
  type ContactRole,
} from './capabilities'

const held = (role: ContactRole | null) =>
  Object.entries(capabilityMap(role))
    .filter(([, value]) => value)
    .map(([name]) => name)

// Conference work (spec 1 §6, spec 2 §6, spec 3 §6): transfers, notifications, imports, retiring.
const conferenceOnly = [
  'create_transfer',
  'update_transfer',
  'create_notification',
  'update_missed_interactions_notifications',
  'update_unassigned_contacts_notifications',
  'read_user_import',
  'update_user_import',
  'retire_user',
  'update_sub_team_interaction',
  'delete_sub_team_interaction',
] as const satisfies readonly Capability[]

describe('who may do what (spec 2 §6)', () => {
  it('names each capability once', () => {
    expect(new Set(capabilityNames).size).toBe(capabilityNames.length)
  })

  it('a site admin holds every capability; a pending member (member_request) or no role holds none', () => {
    for (const capability of capabilityNames) {
      expect(hasCapability('admin', capability), capability).toBe(true)
      expect(hasCapability('member_request', capability), capability).toBe(false)
      expect(hasCapability(null, capability), capability).toBe(false)
      expect(hasCapability(undefined, capability), capability).toBe(false)
    }
    expect(held('member_request')).toEqual([])
  })

  it('only owners and above delete (archive, restore, remove) contacts', () => {
    expect(hasCapability('member', 'delete_contact')).toBe(false)
    expect(hasCapability('leader', 'delete_contact')).toBe(false)
    expect(hasCapability('assigned_member', 'delete_contact')).toBe(false)
    expect(hasCapability('assigned_leader', 'delete_contact')).toBe(false)
    for (const role of ['owner', 'entity_admin', 'admin', 'assigned_owner'] as const) expect(hasCapability(role, 'delete_contact'), role).toBe(true)
  })

  it('a member reads only assigned contacts and creates none; a leader reads, creates and updates every contact of the team', () => {
    expect(held('member')).toEqual(expect.arrayContaining(['read_assigned_contact', 'create_interaction', 'read_public_note']))
    for (const capability of ['read_contact', 'create_contact', 'update_contact', 'set_user_public_group', 'import_contact'] as const) {
      expect(hasCapability('member', capability), capability).toBe(false)
      expect(hasCapability('leader', capability), capability).toBe(true)
    }
  })

  it('gives conference work to entity admins, not to church owners', () => {
    for (const capability of conferenceOnly) {
      expect(hasCapability('owner', capability), capability).toBe(false)
      expect(hasCapability('assigned_owner', capability), capability).toBe(false)
      expect(hasCapability('entity_admin', capability), capability).toBe(true)
    }
    // Owners run their own team: its settings, users, activity log and groups.
    for (const capability of ['update_team', 'update_dcrm_team_user', 'read_activity_log', 'delete_public_group'] as const) {
      expect(hasCapability('owner', capability), capability).toBe(true)
      expect(hasCapability('leader', capability), capability).toBe(false)
    }
  })

  it('a higher role holds all that a lower one does', () => {
    const ordered = [...teamRoles].sort((a, b) => roleRank[a] - roleRank[b])
    expect(ordered).toEqual(['member_request', 'member', 'leader', 'owner', 'entity_admin', 'admin'])
    for (let i = 1; i < ordered.length; i++) {
      const higher = new Set(held(ordered[i]!))
      expect(
        held(ordered[i - 1]!).filter((capability) => !higher.has(capability)),
        `${ordered[i]} ⊇ ${ordered[i - 1]}`,
      ).toEqual([])
    }
  })

  it('assigned_member may edit the contact assigned to them and its events; a member may not', () => {
    for (const capability of ['update_assigned_contact', 'update_user_event'] as const) {
      expect(hasCapability('member', capability), capability).toBe(false)
      expect(hasCapability('assigned_member', capability), capability).toBe(true)
    }
    // Being assigned adds to the team role, never takes from it.
    const member = new Set(held('member'))
    expect([...member].filter((capability) => !held('assigned_member').includes(capability))).toEqual([])
    expect(held('assigned_leader')).toEqual(held('leader'))
    expect(held('assigned_owner')).toEqual(held('owner'))
    expect(assignedRoles.every((role) => role.startsWith('assigned_'))).toBe(true)
  })

  it('answers a boolean for every capability name, in the order of the names', () => {
    for (const role of [...teamRoles, ...assignedRoles]) {
      const map = capabilityMap(role)
      expect(Object.keys(map)).toEqual([...capabilityNames])
      expect(Object.values(map).every((value) => typeof value === 'boolean')).toBe(true)
    }
  })

  it('admin, entity_admin and owner skip the child checks; leaders and members do not (spec 2 §5, §6)', () => {
    expect([...childGateExemptRoles].sort()).toEqual(['admin', 'entity_admin', 'owner'])
  })
})
