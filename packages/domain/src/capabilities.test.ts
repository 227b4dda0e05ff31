import { describe, expect, it } from 'vitest'
import { capabilityMap, capabilityNames, capabilityTable, hasCapability, teamRoles } from './capabilities'

describe('the capability table', () => {
  it('names each capability once', () => {
    expect(new Set(capabilityNames).size).toBe(capabilityNames.length)
  })

  it('gives site admins everything and pending members nothing', () => {
    expect(capabilityTable.admin).toEqual(capabilityNames)
    expect(capabilityTable.member_request).toEqual([])
  })

  it('grows with the role: each role holds what the role below it holds', () => {
    const order = ['member', 'leader', 'owner', 'entity_admin', 'admin'] as const
    for (let i = 1; i < order.length; i++) {
      const lower = capabilityTable[order[i - 1]!]
      const higher = new Set(capabilityTable[order[i]!])
      expect(lower.filter((capability) => !higher.has(capability)), `${order[i]} ⊇ ${order[i - 1]}`).toEqual([])
    }
  })

  it('keeps conference work (transfers, notifications, imports, retiring) above church owners', () => {
    for (const capability of ['create_transfer', 'create_notification', 'update_user_import', 'retire_user'] as const) {
      expect(hasCapability('owner', capability)).toBe(false)
      expect(hasCapability('entity_admin', capability)).toBe(true)
    }
  })

  it('answers a boolean for every capability name', () => {
    for (const role of teamRoles) {
      const map = capabilityMap(role)
      expect(Object.keys(map)).toEqual([...capabilityNames])
      expect(Object.values(map).every((value) => typeof value === 'boolean')).toBe(true)
    }
    expect(Object.values(capabilityMap(null)).some(Boolean)).toBe(false)
  })

  it('lets an assigned member edit the contact assigned to them', () => {
    expect(hasCapability('member', 'update_assigned_contact')).toBe(false)
    expect(hasCapability('assigned_member', 'update_assigned_contact')).toBe(true)
  })
})
