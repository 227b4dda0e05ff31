import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionIcon, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { errorText } from '../../../lib/errors'
import { RuleForm, type RuleKind, type RuleValues } from './rule-form'

export interface Rule<To extends string> extends RuleValues<To> {
  id: number
}

interface RulePageProps<To extends string> {
  kind: RuleKind
  title: string
  recipients: readonly To[]
  list: { items: Array<Rule<To>> | undefined; isError: boolean; error: unknown }
  onAdd: (values: RuleValues<To>) => Promise<unknown>
  onUpdate: (id: number, values: RuleValues<To>) => Promise<unknown>
  onDelete: (id: number) => Promise<unknown>
}

/** 'After n days' / 'After 1 day', or 'Every n days' / 'Every day' (spec 3 §2.7). */
export function useRuleTitle(kind: RuleKind) {
  const { t } = useTranslation('manage-notifications')
  return (days: number) => (kind === 'missed' ? t('rules.afterDays', { count: days }) : t('rules.everyDays', { count: days }))
}

/** The rule list of a rule page, with an Add new form, quick edit and delete (spec 3 §2.7). */
export function RulePage<To extends string>({ kind, title, recipients, list, onAdd, onUpdate, onDelete }: RulePageProps<To>) {
  const { t } = useTranslation('manage-notifications')
  const ruleTitle = useRuleTitle(kind)
  const [editing, setEditing] = useState<number | null>(null)
  const [removing, setRemoving] = useState<Rule<To> | null>(null)
  const failure = useActionFailure()

  const askRemove = (rule: Rule<To>) => {
    failure.clear()
    setRemoving(rule)
  }

  const confirmRemove = async () => {
    if (!removing) return
    await failure.attempt(() => onDelete(removing.id), t('deleteFailed'))
  }

  let body
  if (list.items) {
    body =
      list.items.length === 0 ? (
        <Text c="dimmed">{t('rules.none')}</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('rules.listLabel')}>
          {list.items.map((rule) => {
            const name = ruleTitle(rule.days)
            // The meta names the recipient; an email rule shows the address (spec 3 §2.7).
            const to = rule.to === 'email' ? (rule.to_email ?? '') : t(`rules.recipient.${rule.to as 'user'}`)
            return (
              <Paper key={rule.id} withBorder p="sm" role="listitem" aria-label={name}>
                {editing === rule.id ? (
                  <RuleForm
                    kind={kind}
                    recipients={recipients}
                    initial={rule}
                    submitLabel={t('save')}
                    onSave={(values) => onUpdate(rule.id, values)}
                    onSaved={() => setEditing(null)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <Group justify="space-between" wrap="nowrap" align="start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>{name}</Text>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {t('rules.contact', { to })}
                      </Text>
                    </Stack>
                    <Group gap="xs" wrap="nowrap">
                      <ActionIcon variant="light" onClick={() => setEditing(rule.id)} aria-label={t('rules.editOf', { name })}>
                        <IconPencil size={16} aria-hidden="true" />
                      </ActionIcon>
                      <ActionIcon variant="light" color="red" onClick={() => askRemove(rule)} aria-label={t('rules.deleteOf', { name })}>
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Group>
                  </Group>
                )}
              </Paper>
            )
          })}
        </Stack>
      )
  } else if (list.isError) {
    body = <Text c="dimmed">{errorText(list.error, t('rules.loadFailed'))}</Text>
  } else {
    body = (
      <Center py="xs">
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Center>
    )
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {kind === 'missed' ? t('rules.missedIntro') : t('rules.unassignedIntro')}
      </Text>
      {/* A failed delete closes the dialog; the page says why (spec 3 §8). */}
      <ActionFailureAlert failure={failure} />
      {body}
      <Paper withBorder p="md" component="section" aria-labelledby="add-rule-title">
        <Title order={2} size="h4" id="add-rule-title" mb="sm">
          {t('addNew')}
        </Title>
        <RuleForm kind={kind} recipients={recipients} submitLabel={t('add')} onSave={onAdd} />
      </Paper>
      <ConfirmDialog
        opened={removing !== null}
        title={t('rules.deleteTitle')}
        message={t('rules.deleteMessage', { name: removing ? ruleTitle(removing.days) : '' })}
        confirmLabel={t('delete')}
        danger
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  )
}
