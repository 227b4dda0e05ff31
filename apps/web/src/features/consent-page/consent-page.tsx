import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Box, Button, Loader, Stack, Text, Title } from '@mantine/core'
import type { ConsentPage as ConsentPageData } from '@crm/domain'
import { ConsentCallError, fetchConsentPage, linkRefusal } from './api'
import { postToParent, useEmbedHeight } from './embed'
import { ParentalForm } from './parental-form'
import { PersonForm } from './person-form'

type State =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'answered' }
  | { kind: 'failed' }
  | { kind: 'ready'; page: ConsentPageData }
  | { kind: 'done'; page: ConsentPageData }

/** The key of /consent/{key}, or '' when the path has none. */
export function consentKeyOf(pathname: string): string {
  const match = /^\/consent\/([^/?#]+)\/?$/.exec(pathname)
  return match?.[1] ? decodeURIComponent(match[1]) : ''
}

/**
 * /consent/{key} (issue 13 item 1): what the key opens — a parent's consent (signature or
 * photo mode), an adult's update of asked-for details, or a QR card's new-contact form. A
 * link already answered says so; an expired or unknown key shows 'The link has expired.';
 * neither shows a form. In embed mode
 * (?embed=1) the page reports its height and its completion to the app around it.
 */
export function ConsentPage({ consentKey, embed }: { consentKey: string; embed: boolean }) {
  const { t } = useTranslation('consent-page')
  // A key that cannot be one is refused here, without a call.
  const wellFormed = /^[A-Za-z0-9_-]{43}$/.test(consentKey)
  const [state, setState] = useState<State>({ kind: wellFormed ? 'loading' : 'invalid' })
  // A new visitor of a QR card gets a fresh form: the form remounts under a new key.
  const [round, setRound] = useState(0)
  const content = useRef<HTMLDivElement>(null)
  useEmbedHeight(embed, content)

  const load = useCallback(() => {
    fetchConsentPage(consentKey).then(
      (page) => setState({ kind: 'ready', page }),
      (error: unknown) => {
        if (linkRefusal(error) === 'answered') setState({ kind: 'answered' })
        else setState({ kind: error instanceof ConsentCallError && (error.status === 400 || error.status === 404) ? 'invalid' : 'failed' })
      },
    )
  }, [consentKey])

  useEffect(() => {
    if (wellFormed) load()
  }, [wellFormed, load])

  const done = (page: ConsentPageData) => {
    setState({ kind: 'done', page })
    if (embed) postToParent({ type: 'consent-embed-complete' })
  }

  useEffect(() => {
    window.scrollTo?.(0, 0)
  }, [state.kind])

  return (
    <Box ref={content}>
      {/* A link that is no good or answered, a page loading or sent still has the page's title as its heading. */}
      {state.kind !== 'ready' && (
        <Title order={1} size="h2" mb="md">
          {t('pageTitle')}
        </Title>
      )}
      {state.kind === 'loading' && (
        <Stack align="center" py="xl" role="status">
          <Loader aria-hidden="true" />
          <Text>{t('loading')}</Text>
        </Stack>
      )}
      {state.kind === 'invalid' && (
        <Alert color="red" role="alert">
          {t('expired')}
        </Alert>
      )}
      {state.kind === 'answered' && (
        <Alert color="green" role="status">
          {t('answered')}
        </Alert>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{t('loadError')}</Text>
            <Button
              variant="default"
              onClick={() => {
                setState({ kind: 'loading' })
                load()
              }}
            >
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {state.kind === 'ready' && (
        <Stack gap="lg">
          <Heading page={state.page} />
          {state.page.purpose === 'parental' ? (
            <ParentalForm key={round} page={state.page} consentKey={consentKey} onDone={() => done(state.page)} />
          ) : (
            <PersonForm key={round} page={state.page} consentKey={consentKey} onDone={() => done(state.page)} />
          )}
        </Stack>
      )}
      {state.kind === 'done' && (
        <Stack gap="md" align="flex-start">
          <Alert color="green" role="status" w="100%">
            {thanksOf(state.page, t)}
          </Alert>
          {state.page.purpose === 'new_contact' && (
            <Button
              onClick={() => {
                setRound((value) => value + 1)
                setState({ kind: 'ready', page: state.page })
              }}
            >
              {t('newContact.another')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  )
}

type Translate = ReturnType<typeof useTranslation<'consent-page'>>['t']

function thanksOf(page: ConsentPageData, t: Translate): string {
  const church = page.team_name
  if (page.purpose === 'new_contact') return t('newContact.thanks', { church })
  if (page.purpose === 'contact') return t('contact.thanks', { church })
  return page.mode === 'photo' ? t('parental.photoThanks') : t('parental.thanks', { church })
}

/** Who asks (the church, the person asking) and, for a parent, for whom (the child's first name only). */
function Heading({ page }: { page: ConsentPageData }) {
  const { t } = useTranslation('consent-page')
  const church = page.team_name
  const person = page.requested_by_name
  const name = page.contact_first_name ?? ''
  if (page.purpose === 'parental') {
    return (
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('parental.title', { name })}
        </Title>
        {page.mode === 'signature' && <Text>{person ? t('parental.introBy', { person, church, name }) : t('parental.intro', { church, name })}</Text>}
      </Stack>
    )
  }
  if (page.purpose === 'contact') {
    return (
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('contact.title')}
        </Title>
        <Text>{person ? t('contact.introBy', { person, church }) : t('contact.intro', { church })}</Text>
      </Stack>
    )
  }
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {t('newContact.title')}
      </Title>
      <Text>{t('newContact.intro', { church })}</Text>
    </Stack>
  )
}
