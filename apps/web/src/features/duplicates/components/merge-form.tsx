import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Badge, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { mergeUndoDays, type ContactMergePreview, type ContactMergeRequest, type MergeFieldGroup, type MergeSide, type TeamGroupParams } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { isApiError } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { withFlash } from '../../../lib/flash'
import { useMergeContacts } from '../queries'
import { AskOtherTeams, otherTeamsOf, PendingMergeRequest } from './merge-request-panel'
import { useDecisionText } from './merge-request-state'
import { MergePhoto, useMergeValueText } from './merge-values'

/** A side of the preview: the record asked for as contact_id, or as other_contact_id. */
export type MergeSideKey = 'contact' | 'other_contact'

const otherSide = (side: MergeSideKey): MergeSideKey => (side === 'contact' ? 'other_contact' : 'contact')

/**
 * The record kept unless the person chooses otherwise: the one that signs in when only one does
 * (the other may be merged into it, never the reverse), else the older one (the lower id).
 */
export function defaultKept(preview: ContactMergePreview): MergeSideKey {
  const { contact, other_contact: other } = preview
  if (contact.has_account !== other.has_account) return contact.has_account ? 'contact' : 'other_contact'
  return contact.id <= other.id ? 'contact' : 'other_contact'
}

/**
 * The groups whose value comes from the record merged away: each choice's pick, the kept
 * record's value where nothing was picked.
 */
export function fromOtherOf(preview: ContactMergePreview, kept: MergeSideKey, picks: Partial<Record<MergeFieldGroup, MergeSideKey>>): MergeFieldGroup[] {
  return preview.choices.filter((choice) => (picks[choice.group] ?? kept) !== kept).map((choice) => choice.group)
}

/** The kept side and the picks a merge request asked for, to show them as asked. */
function choicesOf(preview: ContactMergePreview, request: ContactMergeRequest) {
  const kept: MergeSideKey = request.contact_id === preview.contact.id ? 'contact' : 'other_contact'
  const picks = Object.fromEntries(request.from_other.map((group) => [group, otherSide(kept)])) as Partial<Record<MergeFieldGroup, MergeSideKey>>
  return { kept, picks }
}

interface MergeFormProps {
  preview: ContactMergePreview
  teamId: number
  /** The selected team and group, to show a record's photo; null without a group. */
  photoScope: TeamGroupParams | null
  /** A pending request to merge the pair (issue 40 §1): shown as asked, in place of "Merge records". */
  request?: ContactMergeRequest | null
}

/**
 * The merge itself (issue 40 §1): both records side by side, which to keep, the value to keep
 * of each detail where they differ, and a confirmation that says what happens.
 */
export function MergeForm({ preview, teamId, photoScope, request = null }: MergeFormProps) {
  const { t } = useTranslation('duplicates')
  const navigate = useNavigate()
  const merge = useMergeContacts()
  const failure = useActionFailure()
  const decisionText = useDecisionText()
  const [chosenKept, setKept] = useState<MergeSideKey>(() => defaultKept(preview))
  const [chosenPicks, setPicks] = useState<Partial<Record<MergeFieldGroup, MergeSideKey>>>({})
  const [asking, setAsking] = useState(false)
  // Teams whose owners must agree, as merge-contacts named them; the request asked on this page.
  const [otherTeams, setOtherTeams] = useState<string[] | null>(null)
  const [asked, setAsked] = useState<ContactMergeRequest | null>(null)
  const [decided, setDecided] = useState<string | null>(null)
  // A pending request shows its own choices, which no one changes while it waits.
  const pending = asked ?? request
  const { kept, picks } = pending ? choicesOf(preview, pending) : { kept: chosenKept, picks: chosenPicks }
  const valueText = useMergeValueText(preview.choices.map((choice) => choice.group))
  const sides: Record<MergeSideKey, MergeSide> = { contact: preview.contact, other_contact: preview.other_contact }
  const keptSide = sides[kept]
  const awaySide = sides[otherSide(kept)]
  const olderKey: MergeSideKey = preview.contact.id <= preview.other_contact.id ? 'contact' : 'other_contact'
  const recordOf = (side: MergeSideKey) => t(side === olderKey ? 'merge.olderRecord' : 'merge.newerRecord')
  const bothSignIn = preview.contact.has_account && preview.other_contact.has_account
  const names = { kept: keptSide.name, other: awaySide.name }

  const body = () => ({ team_id: teamId, contact_id: keptSide.id, other_contact_id: awaySide.id, from_other: fromOtherOf(preview, kept, picks) })
  const landOnKept = (keptId: number, message: string) => navigate(`/contacts/view/${keptId}`, { state: withFlash(message) })

  const run = async () => {
    try {
      await failure.attempt(
        () => merge.mutateAsync(body()),
        // not_found names only the status: the page says which.
        (error) => (isApiError(error) && error.code === 'not_found' ? t('merge.notFound') : errorText(error, t('merge.failed'))),
      )
    } catch (error) {
      // Other teams must agree: the page says who, and offers to ask them, instead of the refusal.
      const teams = otherTeamsOf(error)
      if (teams) {
        failure.clear()
        setOtherTeams(teams)
      }
      throw error
    }
    await landOnKept(keptSide.id, t('merge.done', { other: awaySide.name, count: mergeUndoDays }))
  }

  const onDecided = (result: ContactMergeRequest) => {
    setAsked(null)
    if (result.status === 'merged') void landOnKept(result.contact_id, decisionText(result))
    else setDecided(decisionText(result))
  }

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="merge-records">
        <Title order={2} size="h3" id="merge-records">
          {t('merge.records')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {(['contact', 'other_contact'] as const).map((key) => (
            <MergeSideCard key={key} side={sides[key]} record={recordOf(key)} kept={key === kept} />
          ))}
        </SimpleGrid>
        <Radio.Group label={t('merge.keep.label')} description={t('merge.keep.help')} value={kept} onChange={(value) => setKept(value as MergeSideKey)}>
          <Stack gap="xs" mt="xs">
            {(['contact', 'other_contact'] as const).map((key) => {
              // Keeping this record merges the other away, which a record that signs in may not be.
              const blocked = sides[otherSide(key)].has_account
              return (
                <Radio
                  key={key}
                  value={key}
                  disabled={blocked || pending !== null}
                  label={t('merge.keep.option', { name: sides[key].name, record: recordOf(key) })}
                  description={blocked ? t('merge.keep.signsIn', { name: sides[otherSide(key)].name }) : undefined}
                />
              )
            })}
          </Stack>
        </Radio.Group>
        {bothSignIn && (
          <Alert color="yellow" role="note">
            {t('merge.bothSignIn')}
          </Alert>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="merge-details">
        <Title order={2} size="h3" id="merge-details">
          {t('merge.details')}
        </Title>
        <Text size="sm" c="dimmed">
          {preview.choices.length > 0 ? t('merge.detailsHelp') : t('merge.nothingToChoose')}
        </Text>
        {preview.choices.map((choice) => (
          <Radio.Group
            key={choice.group}
            label={t(`merge.groups.${choice.group}`)}
            value={picks[choice.group] ?? kept}
            onChange={(value) => setPicks((current) => ({ ...current, [choice.group]: value as MergeSideKey }))}
          >
            <Stack gap="xs" mt="xs">
              {(['contact', 'other_contact'] as const).map((key) => (
                <Radio
                  key={key}
                  value={key}
                  disabled={pending !== null}
                  label={
                    choice.group === 'photo' ? (
                      <MergePhoto scope={photoScope} contactId={sides[key].id} values={choice[key]} name={sides[key].name} />
                    ) : (
                      <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                        {valueText(choice.group, choice[key])}
                      </Text>
                    )
                  }
                  description={t('merge.fromRecord', { record: recordOf(key), name: sides[key].name })}
                />
              ))}
            </Stack>
          </Radio.Group>
        ))}
      </Stack>

      {/* Announced when it appears: what the team's answer to a request did. */}
      <div aria-live="polite">
        {decided && (
          <Alert role="status" color="teal">
            {decided}
          </Alert>
        )}
      </div>
      <ActionFailureAlert failure={failure} />
      {pending ? (
        <PendingMergeRequest request={pending} teamId={teamId} justAsked={asked !== null} failure={failure} onDecided={onDecided} />
      ) : (
        otherTeams && <AskOtherTeams teams={otherTeams} body={body} failure={failure} onAsked={setAsked} onNotNeeded={() => setOtherTeams(null)} />
      )}
      {/* While other teams must agree there is nothing to merge here: the page's link leads back. */}
      {!pending && !otherTeams && (
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/contacts/duplicates">
            {t('merge.cancel')}
          </Button>
          <Button
            disabled={bothSignIn}
            onClick={() => {
              failure.clear()
              setDecided(null)
              setAsking(true)
            }}
          >
            {t('merge.submit')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('merge.confirm.title', names)}
        message={
          <Stack gap="xs">
            <Text>{t('merge.confirm.moves', names)}</Text>
            <Text>{t('merge.confirm.closed', names)}</Text>
            <Text>{t('merge.confirm.undo', { count: mergeUndoDays, kept: keptSide.name })}</Text>
          </Stack>
        }
        confirmLabel={t('merge.confirm.action')}
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </Stack>
  )
}

/** One record: its name, what it holds, whether it signs in, and whether it is the one kept. */
function MergeSideCard({ side, record, kept }: { side: MergeSide; record: string; kept: boolean }) {
  const { t } = useTranslation('duplicates')
  const { counts } = side
  return (
    <Paper withBorder p="sm" component="article" aria-label={t('merge.sideLabel', { name: side.name, record })}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/contacts/view/${side.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {side.name}
          </Anchor>
          <Badge variant="light" color="gray">
            {record}
          </Badge>
        </Group>
        <Text size="sm">
          {[
            t('merge.counts.interactions', { count: counts.interactions }),
            t('merge.counts.notes', { count: counts.notes }),
            t('merge.counts.events', { count: counts.events }),
            t('merge.counts.attendance', { count: counts.attendance }),
            t('merge.counts.relationships', { count: counts.relationships }),
          ].join(' · ')}
        </Text>
        <Text size="sm" c={side.has_account ? undefined : 'dimmed'}>
          {side.has_account ? t('merge.signsIn') : t('merge.noAccount')}
        </Text>
        <Text size="sm" fw={600} c={kept ? 'teal.9' : 'dimmed'}>
          {kept ? t('merge.willBeKept') : t('merge.willBeMerged')}
        </Text>
      </Stack>
    </Paper>
  )
}
