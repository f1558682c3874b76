/**
 * The member name rule (spec §5): only letters, digits, Chinese characters, brackets, hyphen and
 * underscore — 'Name contains invalid characters' otherwise. Shared by the profile page and the
 * server (NAME_INVALID). Explicit ranges rather than \p{…} classes: some mini-program engines lack
 * Unicode property escapes.
 */

/** Longest name kept (members.vip_name holds 100; a name card shows far fewer). */
export const MEMBER_NAME_MAX_LENGTH = 30

const ALLOWED =
  // ASCII letters and digits, Latin letters with accents (not × ÷), CJK ideographs (with extension A
  // and compatibility), brackets ( ) [ ] （ ） 【 】 and hyphen, underscore.
  /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF()[\]\uFF08\uFF09\u3010\u3011_-]+$/

/** Whether `name` (already trimmed by the caller, or not) is a valid member name: 1–30 allowed characters. */
export function isValidMemberName(name: string): boolean {
  const text = name.trim()
  return text.length > 0 && [...text].length <= MEMBER_NAME_MAX_LENGTH && ALLOWED.test(text)
}
