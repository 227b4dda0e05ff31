import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { isRelationshipType, type InferredRelationshipItem, type RelationshipItem, type RelationshipType } from '@crm/domain'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { TabListState, TabPagination } from '../../../components/tab-list-state'
import type { ContactTabProps } from '../../../components/contact-tab'
import {
  useConfirmInferredRelationship,
  useContactRelationships,
  useDeleteRelationship,
  useRemoveInferredRelationship,
  useUpdateRelationship,
} from '../queries'
import { AddRelationshipForm } from './add-relationship-form'
import { RelationshipTypeSelect } from './relationship-type-select'

function ContactLink({ id, name }: { id: number; name: string }) {
  return (
    <Anchor component={Link} to={`/contacts/view/${id}`} size="sm" fw={500}>
      {name}
    </Anchor>
  )
}

/** One row of the direct list: the type can be changed in place, the row deleted. */
function DirectRow({
  item,
  mayEdit,
  onSave,
  onDelete,
}: {
  item: RelationshipItem
  mayEdit: boolean
  onSave: (type: RelationshipType) => Promise<unknown>
  onDelete: () => void
}) {
  const { t } = useTranslation('relationships')
  const [editing, setEditing] = useState<RelationshipType | '' | null>(null)
  const save = async () => {
    if (!editing) return
    // Spec 2 §8: a failed change is silent; the row keeps its stored type.
    await onSave(editing).catch(() => undefined)
    setEditing(null)
  }
  return (
    <Table.Tr>
      <Table.Td>
        <ContactLink id={item.related_user_id} name={item.user_name} />
      </Table.Td>
      <Table.Td>
        {editing === null ? item.relationship_type_display : <RelationshipTypeSelect label={t('type')} size="xs" value={editing} onChange={setEditing} />}
      </Table.Td>
      <Table.Td>
        {mayEdit && editing === null && (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button
              variant="subtle"
              size="xs"
              aria-label={t('editLabel', { name: item.user_name })}
              onClick={() => setEditing(isRelationshipType(item.relationship_type) ? item.relationship_type : '')}
            >
              {t('edit')}
            </Button>
            <Button variant="subtle" color="red" size="xs" aria-label={t('deleteLabel', { name: item.user_name })} onClick={onDelete}>
              {t('delete')}
            </Button>
          </Group>
        )}
        {editing !== null && (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button size="xs" onClick={() => void save()} disabled={editing === ''}>
              {t('save')}
            </Button>
            <Button variant="default" size="xs" onClick={() => setEditing(null)}>
              {t('cancel')}
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/** A suggestion from two hops: confirm it (with its suggested type) or remove it. */
function InferredRow({
  item,
  mayEdit,
  onConfirm,
  onRemove,
}: {
  item: InferredRelationshipItem
  mayEdit: boolean
  onConfirm: () => void
  onRemove: () => void
}) {
  const { t } = useTranslation('relationships')
  return (
    <Table.Tr>
      <Table.Td>
        <ContactLink id={item.related_user_id} name={item.user_name} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.relationship_type_display}</Text>
        <Text size="xs" c="dimmed">
          {t('via', { name: item.via_user_name })}
        </Text>
      </Table.Td>
      <Table.Td>
        {mayEdit && (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button
              size="xs"
              variant="light"
              aria-label={t('confirmLabel', { name: item.user_name, type: item.relationship_type_display })}
              onClick={onConfirm}
            >
              {t('confirm')}
            </Button>
            <Button size="xs" variant="subtle" color="gray" aria-label={t('removeLabel', { name: item.user_name })} onClick={onRemove}>
              {t('remove')}
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

function ListHead() {
  const { t } = useTranslation('relationships')
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('contact')}</Table.Th>
        <Table.Th>{t('type')}</Table.Th>
        <Table.Th>
          <VisuallyHidden>{t('actions')}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  )
}

/**
 * Relationships (spec 2 §2, §3): the ones entered on this contact, the ones other contacts'
 * records imply (inverse) and the ones two hops suggest (inferred, to confirm or remove).
 */
export function RelationshipsTab({ item, contact, scope }: ContactTabProps) {
  const { t } = useTranslation(['relationships', 'contact-view', 'contacts'])
  const [page, setPage] = useState(1)
  const relationships = useContactRelationships(contact.id, scope, page)
  const updateRelationship = useUpdateRelationship(contact.id, scope)
  const deleteRelationship = useDeleteRelationship(contact.id, scope)
  const confirmInferred = useConfirmInferredRelationship(contact.id, scope)
  const removeInferred = useRemoveInferredRelationship(contact.id, scope)
  const [deleting, setDeleting] = useState<RelationshipItem | null>(null)
  const mayEdit = item.auth.user_capabilities.update_assigned_contact === true
  const direct = relationships.data?.items ?? []
  const inverse = relationships.data?.inverse ?? []
  const inferred = relationships.data?.inferred ?? []
  // Spec 2 §8: relationship failures are silent; the lists show what is stored.
  const quietly = (action: Promise<unknown>) => void action.catch(() => undefined)

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('direct')}
        </Title>
        <TabListState isPending={relationships.isPending} isError={relationships.isError} count={direct.length}>
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label={t('direct')}>
              <ListHead />
              <Table.Tbody>
                {direct.map((relationship) => (
                  <DirectRow
                    key={relationship.id}
                    item={relationship}
                    mayEdit={mayEdit}
                    onSave={(type) => updateRelationship.mutateAsync({ relationshipId: relationship.id, relatedId: relationship.related_user_id, type })}
                    onDelete={() => setDeleting(relationship)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </TabListState>
        <TabPagination page={page} maxPages={relationships.data?.max_pages ?? 1} onChange={setPage} />
      </Stack>

      {inverse.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('inverse')}
          </Title>
          <Table aria-label={t('inverse')}>
            <ListHead />
            <Table.Tbody>
              {inverse.map((relationship) => (
                <Table.Tr key={relationship.id}>
                  <Table.Td>
                    <ContactLink id={relationship.related_user_id} name={relationship.user_name} />
                  </Table.Td>
                  <Table.Td>{relationship.relationship_type_display}</Table.Td>
                  <Table.Td />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}

      {inferred.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('inferred')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('inferredHelp')}
          </Text>
          <Table aria-label={t('inferred')}>
            <ListHead />
            <Table.Tbody>
              {inferred.map((suggestion) => (
                <InferredRow
                  key={suggestion.related_user_id}
                  item={suggestion}
                  mayEdit={mayEdit}
                  onConfirm={() => {
                    const type = suggestion.relationship_type
                    if (isRelationshipType(type)) quietly(confirmInferred.mutateAsync({ relatedId: suggestion.related_user_id, type }))
                  }}
                  onRemove={() => quietly(removeInferred.mutateAsync({ relatedId: suggestion.related_user_id }))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}

      {mayEdit && <AddRelationshipForm contactId={contact.id} scope={scope} />}

      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.user_name ?? '' })}
        confirmLabel={t('delete')}
        danger
        onConfirm={() => (deleting ? deleteRelationship.mutateAsync({ relationshipId: deleting.id, relatedId: deleting.related_user_id }) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  )
}
