/**
 * A phone number as shown where others may see it (the member card, the member code, the SMS
 * answer, the shop's CLI): enough to recognise one's own number, not enough to read it.
 * 11 digits and more keep 3 + 4 ('138****8000'); shorter ones 2 + 2 ('66****56').
 */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return '*'.repeat(phone.length)
  const start = phone.length >= 11 ? 3 : 2
  const end = phone.length >= 11 ? 4 : 2
  return `${phone.slice(0, start)}${'*'.repeat(phone.length - start - end)}${phone.slice(-end)}`
}

/** '+853 66****56'. */
export const maskedPhone = (areaNo: string, phone: string): string => (phone ? `+${areaNo} ${maskPhone(phone)}` : '')
