import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accounts, memberships, notifications, people, teams } from '../../db/schema/index'
import { escapeHtml } from '../../platform/sanitize'
import type { ProcessOutcome, TransferRow } from './transfer-records'

// The notifications of a transfer, each in the reader's language. When one is planned, the
// pastor is told, so they choose which contacts go with them. When it is processed, the owners
// of both churches are told; the pastor reads their own words. The conference's officers are
// not: they planned it and see it under Processed.

interface Names {
  pastor: string
  from: string
  to: string
}

const contactsEn = (count: number) => (count === 1 ? '1 contact' : `${count} contacts`)
const contactsEs = (count: number) => (count === 1 ? '1 contacto' : `${count} contactos`)

const texts = {
  en: {
    planned: (n: Names) => `A transfer from ${n.from} to ${n.to} is planned for you. Choose which of your contacts move with you or are shared with ${n.to}.`,
    pastor: (n: Names, o: ProcessOutcome) =>
      `Your transfer from ${n.from} to ${n.to} has been processed: ${contactsEn(o.moved)} moved with you and ${o.shared} shared.`,
    to: (n: Names, o: ProcessOutcome) => `${n.pastor} has joined ${n.to} from ${n.from}, bringing ${contactsEn(o.moved)} and sharing ${o.shared}.`,
    from: (n: Names, o: ProcessOutcome) =>
      `${n.pastor} has moved from ${n.from} to ${n.to}: ${contactsEn(o.moved)} moved with them and ${o.shared} are now shared with ${n.to}.`,
    link: 'View transfer',
    choose: 'Choose contacts',
  },
  es: {
    planned: (n: Names) => `Se ha planificado su traslado de ${n.from} a ${n.to}. Elija qué contactos se trasladan con usted o se comparten con ${n.to}.`,
    pastor: (n: Names, o: ProcessOutcome) =>
      `Su traslado de ${n.from} a ${n.to} se ha procesado: ${contactsEs(o.moved)} se trasladaron con usted y ${o.shared} se comparten.`,
    to: (n: Names, o: ProcessOutcome) => `${n.pastor} se ha unido a ${n.to} desde ${n.from}, con ${contactsEs(o.moved)} trasladados y ${o.shared} compartidos.`,
    from: (n: Names, o: ProcessOutcome) =>
      `${n.pastor} se ha trasladado de ${n.from} a ${n.to}: ${contactsEs(o.moved)} se fueron con esta persona y ${o.shared} ahora se comparten con ${n.to}.`,
    link: 'Ver traslado',
    choose: 'Elegir contactos',
  },
}

async function namesOf(tx: Executor, transfer: Pick<TransferRow, 'person_id' | 'from_team_id' | 'to_team_id'>): Promise<Names> {
  const [pastor] = await tx.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, transfer.person_id))
  const churches = await tx
    .select({ id: teams.id, title: teams.title })
    .from(teams)
    .where(inArray(teams.id, [transfer.from_team_id, transfer.to_team_id]))
  const titleOf = (teamId: number) => churches.find((church) => church.id === teamId)?.title ?? ''
  return { pastor: `${pastor?.first_name ?? ''} ${pastor?.last_name ?? ''}`.trim(), from: titleOf(transfer.from_team_id), to: titleOf(transfer.to_team_id) }
}

/**
 * The pastor is told of a newly planned transfer in the from-church's panel, with the way to
 * the contact selection: nobody else would tell them that the choice is theirs to make.
 */
export async function notifyPastorOfPlan(
  tx: Executor,
  transfer: Pick<TransferRow, 'id' | 'person_id' | 'from_team_id' | 'to_team_id'>,
  now: Date,
  byPersonId: number,
): Promise<void> {
  const names = await namesOf(tx, transfer)
  const [account] = await tx.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.person_id, transfer.person_id))
  const words = account?.locale === 'es' ? texts.es : texts.en
  await tx.insert(notifications).values({
    level: 'team' as const,
    team_id: transfer.from_team_id,
    recipient_user_id: transfer.person_id,
    created_by: byPersonId,
    content: `<p>${escapeHtml(words.planned(names))}</p>`,
    kind: 'transfer_planned' as const,
    params: { from: names.from, to: names.to },
    link_url: `/transfers/view/${transfer.id}`,
    link_text: words.choose,
    importance: 'normal' as const,
    date: now,
  })
}

/** One notification row per owner of either church (after the move), in the transfer's transaction. */
export async function notifyTransferProcessed(
  tx: Executor,
  transfer: TransferRow,
  outcome: ProcessOutcome,
  now: Date,
  byPersonId: number | null,
): Promise<void> {
  const names = await namesOf(tx, transfer)
  const owners = await tx
    .select({ person_id: memberships.person_id, team_id: memberships.team_id, locale: accounts.locale })
    .from(memberships)
    .leftJoin(accounts, eq(accounts.person_id, memberships.person_id))
    .where(and(inArray(memberships.team_id, [transfer.from_team_id, transfer.to_team_id]), eq(memberships.role, 'owner')))
  if (owners.length === 0) return
  await tx.insert(notifications).values(
    owners.map((owner) => {
      const words = owner.locale === 'es' ? texts.es : texts.en
      const which = owner.person_id === transfer.person_id ? 'pastor' : owner.team_id === transfer.to_team_id ? 'to' : 'from'
      return {
        level: 'team' as const,
        team_id: owner.team_id,
        recipient_user_id: owner.person_id,
        created_by: byPersonId,
        content: `<p>${escapeHtml(words[which](names, outcome))}</p>`,
        kind: 'transfer_processed' as const,
        params: { reader: which, ...names, moved: outcome.moved, shared: outcome.shared },
        link_url: `/transfers/view/${transfer.id}`,
        link_text: words.link,
        importance: 'normal' as const,
        date: now,
      }
    }),
  )
}
