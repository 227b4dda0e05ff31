import { StrictMode, startTransition, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'

/**
 * How each page of the site starts (index.html, login.html, consent.html): its texts first,
 * then its app in #root. The first render runs in a transition: React renders it in slices
 * and lets the browser paint and take input between them, instead of one long task
 * (Lighthouse's total blocking time).
 */
export function startPage(page: string, texts: Promise<unknown>, app: () => ReactNode): void {
  void texts.finally(() => {
    const container = document.getElementById('root')
    if (!container) throw new Error(`${page} has no #root`)
    const root = createRoot(container)
    startTransition(() => root.render(<StrictMode>{app()}</StrictMode>))
  })
}
