// Built by issue 18 (spec 3 §2.3).
export function Component() {
  return null
}
