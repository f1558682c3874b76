/**
 * The member code's number (issue 27 item 22; VipQrCodeGet Number, docs/members.md): 10 digits
 * shown under the QR code in groups people read and type without losing their place, 3 + 3 + 4
 * like a phone number ('4821930017' → ['482', '193', '0017']).
 */
export function memberNumberGroups(digits: string): string[] {
  const d = digits.replace(/\D/g, '')
  if (d.length <= 4) return d ? [d] : []
  const groups: string[] = []
  let rest = d
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3))
    rest = rest.slice(3)
  }
  groups.push(rest)
  return groups
}
