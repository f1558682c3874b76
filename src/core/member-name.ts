/**
 * The member name rule (spec §5): only letters, digits, Chinese characters, brackets, hyphen and
 * underscore, plus single inner spaces and apostrophes between them (English names, issue 12) —
 * 'Name contains invalid characters' otherwise. Shared by the profile page and the
 * server (NAME_INVALID). Explicit ranges rather than \p{…} classes: some mini-program engines lack
 * Unicode property escapes.
 */

/** Longest name kept (members.vip_name holds 100; a name card shows far fewer). */
export const MEMBER_NAME_MAX_LENGTH = 30

// ASCII letters and digits, Latin letters with accents (not × ÷), CJK ideographs (with extension A
// and compatibility), brackets ( ) [ ] （ ） 【 】 and hyphen, underscore.
const PART = '[A-Za-z0-9\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF()[\\]\\uFF08\\uFF09\\u3010\\u3011_-]+'
// Parts joined by one space or one apostrophe (' or a phone keyboard's ’), so 'Ana Lei' and
// "O'Brien" are names; never leading, trailing or doubled (issue 12).
const ALLOWED = new RegExp(`^${PART}(?:[ '\\u2019]${PART})*$`)

/**
 * Whether `name` is a valid member name: 1–30 characters, parts of allowed characters joined by
 * single spaces or apostrophes. Not trimmed here: the profile page trims what the diner typed; a
 * name sent with a leading or trailing space is refused.
 */
export function isValidMemberName(name: string): boolean {
  return name.length > 0 && [...name].length <= MEMBER_NAME_MAX_LENGTH && ALLOWED.test(name)
}
