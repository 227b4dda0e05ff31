import { describe, expect, it } from 'vitest'
import { untranslatedCheck } from './untranslated'

// The locale walks' judge (untranslated.ts), without a browser: what it must report and what
// it must let pass, so a walk that finds nothing has looked.
describe('what the locale walks report', () => {
  it('in the pseudo-locale: texts that missed the catalogue, not the catalogue’s nor data', () => {
    const check = untranslatedCheck('xx')
    expect(
      check([
        '⟦Úsérs⟧',
        'Olivia Owner',
        'Owner',
        'olivia@example.org',
        '⟦Dáté⟧: 26 Nov 2026, 7:00 pm',
        '⟦Týpé⟧: decision-for-baptism',
        '→ Bible study',
        'View contacts',
        '⟦Ñó dáté (próçésséd bý háñd)⟧',
        'No date (processed by hand)',
        'DEMO-1',
        'https://example.org/camp-meeting',
      ]),
    ).toEqual(['Owner', 'decision-for-baptism', 'View contacts', 'No date', 'processed by hand'])
  })

  it('in Spanish: English (an English lookup title too), but not Spanish nor data', () => {
    const check = untranslatedCheck('es')
    expect(
      check([
        'Usuarios',
        'Olivia Owner',
        'Owner',
        'Estudio bíblico',
        'Bible study',
        'Prayer',
        'Cooper Clarke has had no recorded activity',
        '26 nov 2026',
        'Quien usa Church Contact CRM cuida de personas que confían en él',
      ]),
    ).toEqual(['Owner', 'Prayer', 'Cooper Clarke has had no recorded activity'])
  })
})
