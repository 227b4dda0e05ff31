/**
 * The lookup lists, versioned with the code: every start upserts them by (list, value),
 * and an item removed here is deactivated, never deleted (rows may point at it).
 * Values are the stable ids the wire carries; titles are English with translations.
 */
type Entry = [value: string, en: string, es: string, options?: { other?: true; parent?: string }]

const interestTypes: Entry[] = [
  ['bible-study', 'Bible study', 'Estudio bíblico'],
  ['prayer', 'Prayer', 'Oración'],
  ['small-groups', 'Small groups', 'Grupos pequeños'],
  ['youth-ministry', 'Youth ministry', 'Ministerio juvenil'],
  ['childrens-ministry', "Children's ministry", 'Ministerio infantil'],
  ['music', 'Music and worship', 'Música y alabanza'],
  ['health', 'Health and wellbeing', 'Salud y bienestar'],
  ['cooking', 'Cooking classes', 'Clases de cocina'],
  ['community-service', 'Community service', 'Servicio a la comunidad'],
  ['marriage-family', 'Marriage and family', 'Matrimonio y familia'],
  ['counselling', 'Counselling', 'Consejería'],
  ['newsletter', 'Newsletter', 'Boletín'],
  ['other', 'Other', 'Otro', { other: true }],
]

// The spec's interaction types (spec 2 §3); 'Event' and 'Decision' are added by the UI.
const interactionTypes: Entry[] = [
  ['visit', 'Visit', 'Visita'],
  ['bible-study', 'Bible study', 'Estudio bíblico'],
  ['phone-call', 'Phone call', 'Llamada telefónica'],
  ['message', 'Message', 'Mensaje'],
  ['share-literature', 'Shared literature', 'Literatura compartida'],
  ['prayer', 'Prayer', 'Oración'],
  ['other', 'Other', 'Otro', { other: true }],
]

// Decisions and events in a contact's journey (spec 2 §3 contact events, import columns).
const userEventTypes: Entry[] = [
  ['baptism', 'Baptism', 'Bautismo'],
  ['profession-of-faith', 'Profession of faith', 'Profesión de fe'],
  ['decision-to-follow-jesus', 'Decision to follow Jesus', 'Decisión de seguir a Jesús'],
  ['decision-to-interact', 'Decision to keep in contact', 'Decisión de mantener el contacto'],
  ['decision-for-bible-studies', 'Decision for Bible studies', 'Decisión de estudiar la Biblia'],
  ['decision-for-baptism', 'Decision for baptism', 'Decisión por el bautismo'],
  ['decision-to-disciple', 'Decision to disciple others', 'Decisión de discipular a otros'],
  ['decision-for-service', 'Decision for service', 'Decisión de servir'],
  ['prayer-request', 'Prayer request', 'Pedido de oración'],
  ['other', 'Other', 'Otro', { other: true }],
]

const memberStatusTypes: Entry[] = [
  ['member', 'Member', 'Miembro'],
  ['baptismal-candidate', 'Baptismal candidate', 'Candidato al bautismo'],
  ['study-in-person', 'Studying in person', 'Estudia en persona'],
  ['study-correspondence', 'Studying by correspondence', 'Estudia por correspondencia'],
  ['church-attendee', 'Church attendee', 'Asiste a la iglesia'],
  ['event-interest', 'Interest from an event', 'Interesado por un evento'],
  ['lead-visited', 'Lead (visited)', 'Contacto (visitado)'],
  ['lead-unvisited', 'Lead (not yet visited)', 'Contacto (sin visitar)'],
  ['former-member', 'Former member', 'Ex miembro'],
  ['not-interested', 'Not interested', 'No interesado'],
]

const contactSourceTypes: Entry[] = [
  ['friend-family', 'Friend or family', 'Amigo o familiar'],
  ['member-referral', 'Referral from a church member', 'Referido por un miembro'],
  ['evangelistic-event', 'Evangelistic event', 'Evento evangelístico'],
  ['health-program', 'Health program', 'Programa de salud'],
  ['community-service', 'Community service', 'Servicio a la comunidad'],
  ['bible-school', 'Bible correspondence school', 'Escuela bíblica por correspondencia'],
  ['media', 'TV, radio or streaming', 'Televisión, radio o streaming'],
  ['online', 'Website or online enquiry', 'Sitio web o consulta en línea'],
  ['social-media', 'Social media', 'Redes sociales'],
  ['literature', 'Literature', 'Literatura'],
  ['school', 'School', 'Escuela'],
  ['walk-in', 'Walked in to church', 'Llegó a la iglesia'],
  ['other', 'Other', 'Otro', { other: true }],
]

const eventTypes: Entry[] = [
  ['church-service', 'Church service', 'Culto'],
  ['bible-study-group', 'Bible study group', 'Grupo de estudio bíblico'],
  ['prayer-meeting', 'Prayer meeting', 'Reunión de oración'],
  ['evangelistic-series', 'Evangelistic series', 'Serie evangelística'],
  ['health-seminar', 'Health seminar', 'Seminario de salud'],
  ['community-service', 'Community service', 'Servicio a la comunidad'],
  ['youth', 'Youth event', 'Evento juvenil'],
  ['children', "Children's program", 'Programa infantil'],
  ['social', 'Social gathering', 'Encuentro social'],
  ['camp', 'Camp', 'Campamento'],
  ['training', 'Training', 'Capacitación'],
  ['other', 'Other', 'Otro', { other: true }],
]

const religionTypes: Entry[] = [
  ['adventist', 'Christian: Seventh-day Adventist', 'Cristiano: Adventista del Séptimo Día'],
  ['catholic', 'Christian: Catholic', 'Cristiano: Católico'],
  ['anglican', 'Christian: Anglican', 'Cristiano: Anglicano'],
  ['uniting', 'Christian: Uniting Church', 'Cristiano: Iglesia Unida'],
  ['baptist', 'Christian: Baptist', 'Cristiano: Bautista'],
  ['pentecostal', 'Christian: Pentecostal', 'Cristiano: Pentecostal'],
  ['orthodox', 'Christian: Orthodox', 'Cristiano: Ortodoxo'],
  ['christian-other', 'Christian: other', 'Cristiano: otro'],
  ['buddhism', 'Buddhism', 'Budismo'],
  ['hinduism', 'Hinduism', 'Hinduismo'],
  ['islam', 'Islam', 'Islam'],
  ['judaism', 'Judaism', 'Judaísmo'],
  ['sikhism', 'Sikhism', 'Sijismo'],
  ['none', 'No religion', 'Sin religión'],
  ['other', 'Other', 'Otra', { other: true }],
]

const bibleStudyParents: Entry[] = [
  ['discover', 'Discover Bible Guides', 'Guías bíblicas Descubre'],
  ['foundations', 'Foundations of Faith', 'Fundamentos de la fe'],
  ['gospels', 'Life of Jesus', 'La vida de Jesús'],
  ['other', 'Other', 'Otro', { other: true }],
]

const discover: Array<[string, string]> = [
  ['The Bible: a book like no other', 'La Biblia: un libro único'],
  ['God: who is he?', 'Dios: ¿quién es?'],
  ['Jesus: the Saviour', 'Jesús: el Salvador'],
  ['Prayer: talking with God', 'La oración: hablar con Dios'],
  ['Salvation: God’s gift', 'La salvación: un regalo de Dios'],
  ['The Holy Spirit', 'El Espíritu Santo'],
  ['The Ten Commandments', 'Los diez mandamientos'],
  ['The Sabbath: a day of rest', 'El sábado: un día de descanso'],
  ['Death and the resurrection', 'La muerte y la resurrección'],
  ['The second coming of Jesus', 'La segunda venida de Jesús'],
  ['Healthy living', 'Una vida saludable'],
  ['Baptism: a new beginning', 'El bautismo: un nuevo comienzo'],
]
const foundations: Array<[string, string]> = [
  ['Knowing God', 'Conocer a Dios'],
  ['Reading the Bible', 'Leer la Biblia'],
  ['Forgiveness', 'El perdón'],
  ['Faith and trust', 'Fe y confianza'],
  ['Church and community', 'Iglesia y comunidad'],
  ['Sharing your faith', 'Compartir tu fe'],
]
const gospels: Array<[string, string]> = [
  ['The birth of Jesus', 'El nacimiento de Jesús'],
  ['The Sermon on the Mount', 'El Sermón del Monte'],
  ['The parables', 'Las parábolas'],
  ['The miracles', 'Los milagros'],
  ['The cross', 'La cruz'],
  ['The resurrection', 'La resurrección'],
]

function studies(parent: string, titles: Array<[string, string]>): Entry[] {
  return titles.map(([en, es], index) => [`${parent}-${index + 1}`, en, es, { parent }])
}

const bibleStudies: Entry[] = [
  ...studies('discover', discover),
  ...studies('foundations', foundations),
  ...studies('gospels', gospels),
  ['other', 'Other', 'Otro', { other: true, parent: 'other' }],
]

/** The stored lists; 'conferences' comes from the teams table and the parents' studies by query. */
export const lookupSeed: Record<string, Entry[]> = {
  'interest-types': interestTypes,
  'interaction-types': interactionTypes,
  'user-event-types': userEventTypes,
  'member-status-types': memberStatusTypes,
  'contact-source-types': contactSourceTypes,
  'event-types': eventTypes,
  'religion-types': religionTypes,
  'bible-studies-parents': bibleStudyParents,
  'bible-studies': bibleStudies,
}

export interface LookupRow {
  list: string
  value: string
  title: string
  translations: Record<string, string>
  parent_value: string | null
  is_other: boolean
  sort_order: number
}

export function lookupRows(): LookupRow[] {
  return Object.entries(lookupSeed).flatMap(([list, entries]) =>
    entries.map(([value, en, es, options], index) => ({
      list,
      value,
      title: en,
      translations: { es },
      parent_value: options?.parent ?? null,
      is_other: options?.other ?? false,
      sort_order: index,
    })),
  )
}
