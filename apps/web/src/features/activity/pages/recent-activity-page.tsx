/** Placeholder until issue 15 builds this page. */
export function Component() {
  return null
}
