// Membership requests and owner requests (spec 3 §2.4, §3, §7 Invites and requests): issue 15.
export const teamRequestCalls = {}
