import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Stack, Table, Text } from '@mantine/core'
import { useSession } from '../../../session/session'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { FormStatus } from '../../../../components/form-status'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useContactAssignments, useDeleteAssignment } from '../../queries'
import { AddAssignmentForm } from './add-assignment-form'
import { TabListState, TabPagination } from '../../../../components/tab-list-state'
import type { ContactTabProps } from '../../../../components/contact-tab'

/** Assignments (spec 2 §2): who follows the contact up, as served; delete and add where allowed. */
export function AssignmentsTab({ item, contact, scope, team }: ContactTabProps) {
  const { t } = useTranslation(['contact-view', 'contacts'])
  const { account } = useSession()
  const [page, setPage] = useState(1)
  const assignments = useContactAssignments(contact.id, scope, page)
  const deleteAssignment = useDeleteAssignment(contact.id, scope)
  const submission = useFormSubmission({ timing: 'saveIndicator', errorMessage: t('contacts:error') })
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null)
  const capabilities = item.auth.user_capabilities
  const mayAssign = capabilities.update_contact === true || capabilities.update_assigned_contact === true
  // Editors of the contact remove any assignment; one assigned may remove their own.
  const mayDelete = (toUserId: number) =>
    capabilities.update_contact === true || (capabilities.update_assigned_contact === true && toUserId === account?.user_id)
  const items = assignments.data?.items ?? []
  // Nobody follows up a minor before a parent or carer consents (spec 1 §1); the server refuses too.
  const needsConsent = contact.is_child && !contact.consent_given

  const remove = async (assignmentId: number) => {
    const result = await submission.submit(() => deleteAssignment.mutateAsync(assignmentId))
    if (!result.ok) throw result.error
  }

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <TabListState isPending={assignments.isPending} isError={assignments.isError} count={items.length}>
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label={t('assignments.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assignments.assignedTo')}</Table.Th>
                  <Table.Th>{t('assignments.assignedBy')}</Table.Th>
                  <Table.Th>{t('assignments.created')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((assignment) => (
                  <Table.Tr key={assignment.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {assignment.to_user_name}
                      </Text>
                      {assignment.to_user_email && (
                        <Text size="sm" c="dimmed">
                          {assignment.to_user_email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{assignment.by_user_name}</Table.Td>
                    <Table.Td>{assignment.created_display}</Table.Td>
                    <Table.Td>
                      {mayDelete(assignment.to_user_id) && (
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          aria-label={t('assignments.delete', { name: assignment.to_user_name })}
                          onClick={() => setDeleting({ id: assignment.id, name: assignment.to_user_name })}
                        >
                          {t('assignments.deleteConfirm')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </TabListState>
        <TabPagination page={page} maxPages={assignments.data?.max_pages ?? 1} onChange={setPage} />
        <FormStatus submission={submission} />
      </Stack>
      {mayAssign && needsConsent && (
        <Text size="sm" c="dimmed">
          {t('assignments.needsConsent')}
        </Text>
      )}
      {mayAssign && !needsConsent && (
        <AddAssignmentForm contactId={contact.id} scope={scope} teamId={team.id} mayPickUser={capabilities.read_dcrm_team_users_names === true} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('assignments.deleteTitle')}
        message={t('assignments.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('assignments.deleteConfirm')}
        danger
        onConfirm={() => (deleting ? remove(deleting.id) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  )
}
