import { Suspense, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Center, Loader, Tabs, Title } from '@mantine/core'
import type { ContactView } from '@crm/domain'
import { contactTabKeys, type ContactTabIntent, type ContactTabKey, type ContactTabProps } from '../../../../components/contact-tab'
import { shownTabs, type AvailableContactTab } from './tab-registry'
import classes from './contact-tabs.module.css'

/** The last active tab, for every contact (spec 2 §2, D2-2.2-17). */
export const activeTabStorageKey = 'crm.contact-view.tab'

function readStoredTab(): ContactTabKey | null {
  try {
    const value = window.localStorage.getItem(activeTabStorageKey)
    return (contactTabKeys as readonly string[]).includes(value ?? '') ? (value as ContactTabKey) : null
  } catch {
    return null
  }
}

function storeTab(key: ContactTabKey): void {
  try {
    window.localStorage.setItem(activeTabStorageKey, key)
  } catch {
    // Storage refused (private mode): the tab is simply not remembered.
  }
}

/** A link about one interaction (spec 2 §2) opens the Interactions tab. */
const interactionLinkParams = ['view_interaction', 'show_interaction', 'interaction_mark_complete']

/**
 * The tab a contact opens on when none is remembered (or the remembered one is not shown): the
 * Consent tab for a minor still awaiting a parent's or carer's consent, the work waiting there;
 * else Interactions, where a pastor reads and logs the follow-up; else the first tab.
 */
export function mostUsefulTab(tabs: readonly AvailableContactTab[], contact: ContactView): AvailableContactTab | undefined {
  const shown = (key: ContactTabKey) => tabs.find((tab) => tab.key === key)
  const awaitingConsent = contact.is_child && !contact.consent_given && !contact.consent_declined
  return (awaitingConsent ? shown('consent') : undefined) ?? shown('interactions') ?? tabs[0]
}

/** The tab frame: the tabs the caller may see, the remembered one open, each loaded on demand. */
export function ContactTabs(props: ContactTabProps) {
  const { t } = useTranslation(['contact-view', 'common'])
  const [params] = useSearchParams()
  const [active, setActive] = useState<ContactTabKey | null>(() => (interactionLinkParams.some((name) => params.has(name)) ? 'interactions' : readStoredTab()))
  // What the open tab was asked to do by the tab that opened it (none when a person picks a tab).
  const [intent, setIntent] = useState<ContactTabIntent | null>(null)
  const tabs = shownTabs({ contact: props.contact, capabilities: props.item.auth.user_capabilities, group: props.group })
  // A remembered tab this contact does not show falls back, without forgetting it.
  const current = tabs.find((tab) => tab.key === active) ?? mostUsefulTab(tabs, props.contact)
  const listRef = useRef<HTMLDivElement>(null)
  // The open tab in view in the scrolling row (a remembered Activity log sits at its far end);
  // only the row scrolls, never the page.
  useEffect(() => {
    const list = listRef.current
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (!list || !tab) return
    const row = list.getBoundingClientRect()
    const box = tab.getBoundingClientRect()
    if (box.left < row.left || box.right > row.right) list.scrollLeft += box.left - row.left - (row.width - box.width) / 2
  }, [current?.key])
  if (!current) return null

  const open = (value: string | null, withIntent: ContactTabIntent | null = null) => {
    const tab = tabs.find((candidate) => candidate.key === value)
    if (!tab) return
    setActive(tab.key)
    setIntent(withIntent)
    storeTab(tab.key)
  }
  const openTab = (key: ContactTabKey, withIntent?: ContactTabIntent) => open(key, withIntent ?? null)

  return (
    <Tabs value={current.key} onChange={(value) => open(value)} keepMounted={false}>
      <Tabs.List ref={listRef} aria-label={t('tabs.label')} className={classes.list}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} value={tab.key} className={classes.tab}>
            {t(`tabs.${tab.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ key, Component }) => (
        <Tabs.Panel key={key} value={key} pt="md">
          <Title order={2} className={classes.sectionTitle}>
            {t(`tabs.${key}`)}
          </Title>
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" role="status" aria-label={t('common:loading')} />
              </Center>
            }
          >
            <Component {...props} openTab={openTab} intent={key === current.key ? intent : null} />
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}
