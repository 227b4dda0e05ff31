import sanitizeHtml from 'sanitize-html'

/**
 * HTML fields (content pages, notification content) are sanitised on the server before
 * they are stored: formatting and links only, no scripts, styles or event handlers.
 */
export function sanitizeRichText(html: string, options: { webLinksOnly?: boolean } = {}): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'hr'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    // webLinksOnly (notifications): links to web addresses and paths of the app, nothing else.
    allowedSchemes: options.webLinksOnly ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: !options.webLinksOnly,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    },
  })
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!)
}
