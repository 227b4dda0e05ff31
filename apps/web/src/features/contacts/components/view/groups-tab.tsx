import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { FormStatus } from '../../../../components/form-status'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useContactGroups, useRemoveContactFromGroup } from '../../queries'
import { TabListState, TabPagination } from '../../../../components/tab-list-state'
import type { ContactTabProps } from '../../../../components/contact-tab'

interface GroupChoice {
  id: number
  title: string
}

/** Groups (spec 2 §2): the groups of the team the contact is in, with remove where allowed. */
export function GroupsTab({ contact, scope, team }: ContactTabProps) {
  const { t } = useTranslation(['contact-view', 'contacts'])
  const [page, setPage] = useState(1)
  const groups = useContactGroups(contact.id, scope, page)
  const removeFromGroup = useRemoveContactFromGroup(contact.id, team.id)
  const submission = useFormSubmission({ timing: 'saveIndicator', errorMessage: t('contacts:error') })
  const [removing, setRemoving] = useState<GroupChoice | null>(null)
  const items = groups.data?.items ?? []

  const remove = async (group: GroupChoice) => {
    const result = await submission.submit(() => removeFromGroup.mutateAsync(group.id))
    // A failure closes the dialog; FormStatus says 'Error'.
    if (!result.ok) throw result.error
  }

  return (
    <Stack gap="sm">
      <TabListState isPending={groups.isPending} isError={groups.isError} count={items.length}>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('groups.title')}>
          {items.map((group) => (
            <Group component="li" key={group.id} justify="space-between" wrap="nowrap">
              <Group gap="xs">
                <Text fw={500}>{group.title}</Text>
                <Badge variant="light" color={group.is_public ? 'teal' : 'gray'}>
                  {group.is_public ? t('groups.public') : t('groups.private')}
                </Badge>
              </Group>
              {/* The primary group is the team: leaving it is removing the contact (the edit page's Actions). */}
              {group.id !== team.id && group.user_capabilities.set_user_public_group === true && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  aria-label={t('groups.remove', { group: group.title })}
                  onClick={() => setRemoving({ id: group.id, title: group.title })}
                >
                  {t('groups.removeConfirm')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </TabListState>
      <TabPagination page={page} maxPages={groups.data?.max_pages ?? 1} onChange={setPage} />
      <FormStatus submission={submission} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('groups.removeTitle')}
        message={t('groups.removeMessage', { name: contact.name, group: removing?.title ?? '' })}
        confirmLabel={t('groups.removeConfirm')}
        danger
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  )
}
