import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Anchor, Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core'
import { IconCamera } from '@tabler/icons-react'
import { maxConsentFileSize, socialNetworks, type ContactView, type TeamGroupParams } from '@crm/domain'
import { isApiError } from '../../../../lib/api'
import { useContactPhoto, useUploadContactAvatar } from '../../../consent/queries'

type ProfileContact = Pick<ContactView, 'name' | 'first_name' | 'last_name' | 'gender' | 'avatar'> & Partial<Pick<ContactView, 'age' | 'social'>>

function initialsOf(contact: ProfileContact): string {
  const letters = [contact.first_name, contact.last_name].map((part) => part.trim().charAt(0)).join('')
  return (letters || contact.name.trim().charAt(0)).toUpperCase()
}

/** The photo types a contact's photo may be (the server checks the content again). */
const photoTypes = ['image/jpeg', 'image/png', 'image/heic'] as const

/** The contact's photo, fetched with the session's token; the initials while it loads, fails or cannot be shown (HEIC). */
function ProfilePhoto({ contact }: { contact: ProfileContact }) {
  const { t } = useTranslation('contact-view')
  const avatar = contact.avatar
  const photo = useContactPhoto(avatar)
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null)
  if (photo.status === 'ready' && brokenUrl !== photo.url) {
    return (
      <Avatar src={photo.url} alt={t('profile.photo', { name: contact.name })} size={72} radius="xl" imageProps={{ onError: () => setBrokenUrl(photo.url) }} />
    )
  }
  return (
    <Avatar size={72} radius="xl" color="indigo" aria-hidden="true">
      {initialsOf(contact)}
    </Avatar>
  )
}

/**
 * "Change photo": the design system's file button, in the reader's language (a bare file input
 * reads "Choose File / No file chosen" in the browser's), the file checked here for type and
 * size and sent as multipart (upload-contact-avatar).
 */
function ChangePhoto({ contactId, scope }: { contactId: number; scope: TeamGroupParams }) {
  const { t } = useTranslation('contact-view')
  // Cleared after each pick, so that the same file may be picked again.
  const reset = useRef<() => void>(null)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const upload = useUploadContactAvatar(contactId, scope)
  const uploadOptions = {
    onSuccess: () => setMessage({ ok: true, text: t('profile.photoSaved') }),
    onError: (error: Error) => {
      const fieldMessage = isApiError(error) ? Object.values(error.fieldErrors)[0] : undefined
      const text = fieldMessage ?? (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : undefined)
      setMessage({ ok: false, text: text ?? t('profile.photoFailed') })
    },
  }

  function choose(file: File | null) {
    reset.current?.()
    if (!file) return
    if (!(photoTypes as readonly string[]).includes(file.type)) return setMessage({ ok: false, text: t('profile.photoWrongType') })
    if (file.size > maxConsentFileSize) return setMessage({ ok: false, text: t('profile.photoTooLarge') })
    setMessage(null)
    upload.mutate(file, uploadOptions)
  }

  return (
    <Stack gap={4}>
      <Group>
        <FileButton
          resetRef={reset}
          onChange={choose}
          accept={photoTypes.join(',')}
          disabled={upload.isPending}
          inputProps={{ 'aria-label': t('profile.changePhoto') }}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={upload.isPending} leftSection={<IconCamera size={16} aria-hidden="true" />}>
              {t('profile.changePhoto')}
            </Button>
          )}
        </FileButton>
      </Group>
      {message && (
        <Text size="sm" c={message.ok ? 'teal.8' : 'red.8'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Text>
      )}
    </Stack>
  )
}

/** The profile card (spec 2 §2): name, photo or initials, gender, age and social links. */
export function ProfileCard({ contact, photoChange }: { contact: ProfileContact; photoChange?: { contactId: number; scope: TeamGroupParams } }) {
  const { t } = useTranslation(['contact-view', 'contacts'])
  const social = contact.social
  const links = social ? socialNetworks.filter((network) => Boolean(social[network])) : []

  return (
    <Card withBorder padding="lg">
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <ProfilePhoto key={contact.avatar ?? ''} contact={contact} />
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {contact.name}
          </Title>
          <Group gap="md">
            {contact.gender && <Text>{t(`contacts:gender.${contact.gender}`)}</Text>}
            {contact.age !== undefined && contact.age !== null && <Text>{t('contacts:age', { count: contact.age })}</Text>}
          </Group>
          {social && links.length > 0 && (
            <Group component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('profile.social')}>
              {links.map((network) => (
                <li key={network}>
                  <Anchor href={social[network] ?? undefined} target="_blank" rel="noopener noreferrer">
                    {t(`contacts:social.${network}`)}
                  </Anchor>
                </li>
              ))}
            </Group>
          )}
          {photoChange && <ChangePhoto contactId={photoChange.contactId} scope={photoChange.scope} />}
        </Stack>
      </Group>
    </Card>
  )
}
