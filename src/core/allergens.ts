/**
 * Allergens and dietary marks (issue 26 item 1): pure rules shared by the diner app, the console
 * and the server (no I/O). docs/allergens.md describes the codes and the gateway fields.
 *
 * Allergens are the 14 of EU Regulation 1169/2011 (Annex II), as short stable ASCII codes in the
 * regulation's order:
 *
 *   gluten (cereals containing gluten), crustaceans, eggs, fish, peanuts, soy (soybeans), milk,
 *   nuts (tree nuts), celery, mustard, sesame, sulphites, lupin, molluscs
 *
 * Dietary marks: 'vegetarian', 'vegan', 'halal' (what the food is suitable for), 'alcohol' (it
 * contains alcohol) and the spice level 'spicy1' (mild), 'spicy2' (medium), 'spicy3' (hot); no
 * spice mark is level 0 ('spicy0' is read as level 0 and dropped).
 *
 * On the wire and in storage a list is its codes joined by ',' in the order above ('' none):
 * Allergens 'gluten,peanuts,milk', Diets 'vegetarian,spicy2'. Names come from the catalogues
 * ('allergen.<code>', 'diet.<code>'): shown as words, never bare icons.
 *
 * A line's marks (goods + chosen sku values + add-ons + combo picks), mergeLineMarks:
 * - allergens: every allergen of every part (a part adds, never removes);
 * - alcohol: when any part has it; spice: the highest level of any part;
 * - vegetarian / vegan / halal: the goods' own marks, plus those a chosen sku value carries (a
 *   "tofu" value of a noodle makes that choice vegetarian), kept only when every chosen add-on and
 *   combo pick carries them too: an add-on or pick without the mark takes it away (the safe side).
 *   'vegan' always brings 'vegetarian' with it.
 */

export const ALLERGEN_CODES = ['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soy', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'] as const
export type AllergenCode = (typeof ALLERGEN_CODES)[number]

export const SPICE_CODES = ['spicy1', 'spicy2', 'spicy3'] as const
export type SpiceCode = (typeof SPICE_CODES)[number]
export const SUITABLE_CODES = ['vegetarian', 'vegan', 'halal'] as const
export type SuitableCode = (typeof SUITABLE_CODES)[number]
export const DIET_CODES = ['vegetarian', 'vegan', 'halal', 'alcohol', ...SPICE_CODES] as const
export type DietCode = (typeof DIET_CODES)[number]

export type SpiceLevel = 0 | 1 | 2 | 3

/** Catalogue keys of the names (src/i18n/catalogues, src/console/i18n/parts/allergens.ts). */
export const allergenKey = (code: AllergenCode): `allergen.${AllergenCode}` => `allergen.${code}`
export const dietKey = (code: DietCode): `diet.${DietCode}` => `diet.${code}`

export const isAllergenCode = (value: unknown): value is AllergenCode => typeof value === 'string' && (ALLERGEN_CODES as readonly string[]).includes(value)
export const isDietCode = (value: unknown): value is DietCode => typeof value === 'string' && (DIET_CODES as readonly string[]).includes(value)

/** What is wrong with one written code. */
export interface MarkProblem {
  /** The code as written (trimmed). */
  code: string
  /** 'unknown': not a code of this kind; 'spice-twice': a second spice level in one list. */
  kind: 'unknown' | 'spice-twice'
}

export interface ParsedMarks<C extends string> {
  /** Known codes, each once, in canonical order. */
  codes: C[]
  problems: MarkProblem[]
}

/** A list as written: an array of codes, or one text of codes split by ',', '，', '、', ';' or spaces. */
export type WrittenMarks = string | readonly unknown[] | null | undefined

function splitWritten(input: WrittenMarks): string[] {
  if (input === null || input === undefined) return []
  const parts = typeof input === 'string' ? input.split(/[,，、;；\s]+/) : input.map((v) => (typeof v === 'string' ? v : String(v)))
  return parts.map((p) => p.trim().toLowerCase()).filter((p) => p !== '')
}

const inOrder = <C extends string>(order: readonly C[], codes: Iterable<C>): C[] => {
  const set = new Set(codes)
  return order.filter((c) => set.has(c))
}

/** Reads an allergen list; codes are matched ignoring case and repeated codes count once. */
export function parseAllergens(input: WrittenMarks): ParsedMarks<AllergenCode> {
  const codes: AllergenCode[] = []
  const problems: MarkProblem[] = []
  for (const code of splitWritten(input)) {
    if (isAllergenCode(code)) codes.push(code)
    else problems.push({ code, kind: 'unknown' })
  }
  return { codes: inOrder(ALLERGEN_CODES, codes), problems }
}

/** Reads a dietary list: at most one spice level ('spicy0' is level 0: no mark); 'vegan' brings 'vegetarian'. */
export function parseDiets(input: WrittenMarks): ParsedMarks<DietCode> {
  const codes: DietCode[] = []
  const problems: MarkProblem[] = []
  let spice: string | null = null
  for (const code of splitWritten(input)) {
    if (code === 'spicy0') {
      if (spice !== null && spice !== code) problems.push({ code, kind: 'spice-twice' })
      spice = code
      continue
    }
    if (!isDietCode(code)) {
      problems.push({ code, kind: 'unknown' })
      continue
    }
    if ((SPICE_CODES as readonly string[]).includes(code)) {
      if (spice !== null && spice !== code) {
        problems.push({ code, kind: 'spice-twice' })
        continue
      }
      spice = code
    }
    codes.push(code)
    if (code === 'vegan') codes.push('vegetarian')
  }
  return { codes: inOrder(DIET_CODES, codes), problems }
}

/** The wire and storage form: codes joined by ',' ('' none). */
export const formatMarks = (codes: readonly string[]): string => codes.join(',')

/** Codes of a stored or received list, unknown ones left out (a newer server's codes are skipped, not shown raw). */
export const allergensOf = (text: WrittenMarks): AllergenCode[] => parseAllergens(text).codes
export const dietsOf = (text: WrittenMarks): DietCode[] => parseDiets(text).codes

/** The spice level a diet list gives (0 without a spice mark). */
export function spiceLevelOf(diets: readonly DietCode[]): SpiceLevel {
  for (const [i, code] of SPICE_CODES.entries()) if (diets.includes(code)) return (i + 1) as SpiceLevel
  return 0
}

/** The spice mark of a level (null for 0). */
export const spiceCode = (level: number): SpiceCode | null => (level >= 1 && level <= 3 ? SPICE_CODES[Math.trunc(level) - 1] : null)

/** The marks of one part of a line, as stored or received (text or codes). */
export interface PartMarks {
  allergens?: WrittenMarks
  diets?: WrittenMarks
}

export interface LineMarks {
  allergens: AllergenCode[]
  diets: DietCode[]
}

/**
 * The marks of an order line: its goods, the chosen sku values, add-ons and combo picks (each
 * pick's goods). The rules are in the header of this file.
 */
export function mergeLineMarks(parts: { goods: PartMarks; values?: readonly PartMarks[]; addOns?: readonly PartMarks[]; picks?: readonly PartMarks[] }): LineMarks {
  const values = parts.values ?? []
  const extras = [...(parts.addOns ?? []), ...(parts.picks ?? [])]
  const all = [parts.goods, ...values, ...extras]
  const allergens = inOrder(ALLERGEN_CODES, all.flatMap((p) => allergensOf(p.allergens)))
  const dietsBy = all.map((p) => dietsOf(p.diets))
  const goodsDiets = dietsBy[0]
  const valueDiets = dietsBy.slice(1, 1 + values.length)
  const extraDiets = dietsBy.slice(1 + values.length)
  const suitable = SUITABLE_CODES.filter(
    (code) => (goodsDiets.includes(code) || valueDiets.some((d) => d.includes(code))) && extraDiets.every((d) => d.includes(code))
  )
  const diets: DietCode[] = [...suitable]
  if (suitable.includes('vegan') && !suitable.includes('vegetarian')) diets.push('vegetarian')
  if (dietsBy.some((d) => d.includes('alcohol'))) diets.push('alcohol')
  const spice = spiceCode(Math.max(0, ...dietsBy.map(spiceLevelOf)))
  if (spice) diets.push(spice)
  return { allergens, diets: inOrder(DIET_CODES, diets) }
}

/** The allergens a choice adds to what the goods (with the other choices) already has: what to warn about before it is added. */
export function addedAllergens(before: readonly AllergenCode[], choice: PartMarks): AllergenCode[] {
  return allergensOf(choice.allergens).filter((c) => !before.includes(c))
}

/** Names of codes joined for reading ('Peanuts, Milk'), through a catalogue's translate. */
export function markWords(codes: readonly (AllergenCode | DietCode)[], kind: 'allergen' | 'diet', name: (key: string) => string, separator = ', '): string {
  return codes.map((c) => name(`${kind}.${c}`)).join(separator)
}

/** A problem as the menu file and the console say it (English, like every menu-file problem). */
export function markProblemText(problem: MarkProblem, kind: 'allergen' | 'diet'): string {
  if (problem.kind === 'spice-twice') return `${JSON.stringify(problem.code)}: only one spice level (spicy1, spicy2 or spicy3) per list`
  const known = kind === 'allergen' ? ALLERGEN_CODES : DIET_CODES
  return `unknown ${kind === 'allergen' ? 'allergen' : 'dietary mark'} code ${JSON.stringify(problem.code)} (use ${known.join(', ')})`
}
