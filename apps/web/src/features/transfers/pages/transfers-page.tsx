// Built by issue 18 (spec 3 §2.2).
export function Component() {
  return null
}
