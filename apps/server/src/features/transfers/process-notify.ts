import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accounts, memberships, notifications, people, teams } from '../../db/schema/index'
import { escapeHtml } from '../notifications/rules.jobs'
import type { ProcessOutcome, TransferRow } from './transfer-records'

// The notifications of a processed transfer: the owners of both churches are told in their
// notifications panel, each in their own language; the pastor reads their own words. The
// conference's officers are not: they planned it and see it under Processed.

interface Names {
  pastor: string
  from: string
  to: string
}

const texts = {
  en: {
    pastor: (n: Names, o: ProcessOutcome) => `Your transfer from ${n.from} to ${n.to} has been processed: ${o.moved} contacts moved with you and ${o.shared} are shared.`,
    to: (n: Names, o: ProcessOutcome) => `${n.pastor} has joined ${n.to} from ${n.from}, bringing ${o.moved} contacts and sharing ${o.shared}.`,
    from: (n: Names, o: ProcessOutcome) => `${n.pastor} has moved from ${n.from} to ${n.to}: ${o.moved} contacts moved with them and ${o.shared} are now shared with ${n.to}.`,
    link: 'View transfer',
  },
  es: {
    pastor: (n: Names, o: ProcessOutcome) => `Su traslado de ${n.from} a ${n.to} se ha procesado: ${o.moved} contactos se trasladaron con usted y ${o.shared} se comparten.`,
    to: (n: Names, o: ProcessOutcome) => `${n.pastor} se ha unido a ${n.to} desde ${n.from}, con ${o.moved} contactos trasladados y ${o.shared} compartidos.`,
    from: (n: Names, o: ProcessOutcome) => `${n.pastor} se ha trasladado de ${n.from} a ${n.to}: ${o.moved} contactos se fueron con esta persona y ${o.shared} ahora se comparten con ${n.to}.`,
    link: 'Ver traslado',
  },
}

/** One notification row per owner of either church (after the move), in the transfer's transaction. */
export async function notifyTransferProcessed(tx: Executor, transfer: TransferRow, outcome: ProcessOutcome, now: Date, byPersonId: number | null): Promise<void> {
  const [pastor] = await tx.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, transfer.person_id))
  const churches = await tx.select({ id: teams.id, title: teams.title }).from(teams).where(inArray(teams.id, [transfer.from_team_id, transfer.to_team_id]))
  const titleOf = (teamId: number) => churches.find((church) => church.id === teamId)?.title ?? ''
  const names: Names = { pastor: `${pastor?.first_name ?? ''} ${pastor?.last_name ?? ''}`.trim(), from: titleOf(transfer.from_team_id), to: titleOf(transfer.to_team_id) }
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
        link_url: `/transfers/view/${transfer.id}`,
        link_text: words.link,
        importance: 'normal' as const,
        date: now,
      }
    }),
  )
}
