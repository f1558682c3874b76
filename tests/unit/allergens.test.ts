import {
  ALLERGEN_CODES,
  DIET_CODES,
  addedAllergens,
  allergenKey,
  allergensOf,
  dietKey,
  formatMarks,
  markProblemText,
  markWords,
  mergeLineMarks,
  parseAllergens,
  parseDiets,
  spiceCode,
  spiceLevelOf
} from '../../src/core/allergens'
import { CATALOGUES } from '../../src/i18n/catalogues'
import { CONSOLE_CATALOGUES } from '../../src/console/i18n'
import { LOCALES } from '../../src/gateway/contract'
import { translate } from '../../src/i18n/translate'

describe('allergen and dietary codes', () => {
  it('are the 14 allergens of EU Regulation 1169/2011 and the dietary marks', () => {
    expect(ALLERGEN_CODES).toHaveLength(14)
    expect([...ALLERGEN_CODES]).toEqual(['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soy', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'])
    expect([...DIET_CODES]).toEqual(['vegetarian', 'vegan', 'halal', 'alcohol', 'spicy1', 'spicy2', 'spicy3'])
  })

  it('parse a list written as text or codes, in canonical order, each once, ignoring case', () => {
    expect(parseAllergens('Milk, peanuts，gluten  milk')).toEqual({ codes: ['gluten', 'peanuts', 'milk'], problems: [] })
    expect(parseAllergens(['sesame', 'SOY'])).toEqual({ codes: ['soy', 'sesame'], problems: [] })
    expect(parseAllergens('')).toEqual({ codes: [], problems: [] })
    expect(parseAllergens(undefined).codes).toEqual([])
  })

  it('name unknown codes as problems and keep the known ones', () => {
    const parsed = parseAllergens(['peanut', 'milk', 'shellfish'])
    expect(parsed.codes).toEqual(['milk'])
    expect(parsed.problems).toEqual([
      { code: 'peanut', kind: 'unknown' },
      { code: 'shellfish', kind: 'unknown' }
    ])
    expect(markProblemText(parsed.problems[0], 'allergen')).toBe(
      'unknown allergen code "peanut" (use gluten, crustaceans, eggs, fish, peanuts, soy, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs)'
    )
  })

  it('read diets with one spice level; vegan brings vegetarian; spicy0 is no mark', () => {
    expect(parseDiets('spicy2 vegan').codes).toEqual(['vegetarian', 'vegan', 'spicy2'])
    expect(parseDiets(['halal', 'spicy0']).codes).toEqual(['halal'])
    const twice = parseDiets(['spicy1', 'spicy3'])
    expect(twice.codes).toEqual(['spicy1'])
    expect(twice.problems).toEqual([{ code: 'spicy3', kind: 'spice-twice' }])
    expect(markProblemText(twice.problems[0], 'diet')).toMatch(/only one spice level/)
    expect(parseDiets(['kosher']).problems).toEqual([{ code: 'kosher', kind: 'unknown' }])
    expect(markProblemText({ code: 'kosher', kind: 'unknown' }, 'diet')).toMatch(/^unknown dietary mark code "kosher"/)
  })

  it('format as codes joined by commas, and read stored text leaving out what it does not know', () => {
    expect(formatMarks(['gluten', 'milk'])).toBe('gluten,milk')
    expect(formatMarks([])).toBe('')
    expect(allergensOf('milk,newcode,gluten')).toEqual(['gluten', 'milk'])
  })

  it('give the spice level and its mark', () => {
    expect(spiceLevelOf(['vegetarian'])).toBe(0)
    expect(spiceLevelOf(['alcohol', 'spicy3'])).toBe(3)
    expect(spiceCode(0)).toBeNull()
    expect(spiceCode(2)).toBe('spicy2')
    expect(spiceCode(4)).toBeNull()
  })
})

describe('a line’s marks', () => {
  it('add the allergens of the goods, its sku values, add-ons and combo picks', () => {
    const marks = mergeLineMarks({
      goods: { allergens: 'gluten,soy' },
      values: [{ allergens: 'eggs' }, { allergens: '' }],
      addOns: [{ allergens: 'peanuts' }],
      picks: [{ allergens: 'milk,soy' }]
    })
    expect(marks.allergens).toEqual(['gluten', 'eggs', 'peanuts', 'soy', 'milk'])
  })

  it('keep vegetarian only when every add-on and pick is vegetarian too', () => {
    expect(mergeLineMarks({ goods: { diets: 'vegetarian' }, addOns: [{ diets: 'vegetarian' }] }).diets).toEqual(['vegetarian'])
    expect(mergeLineMarks({ goods: { diets: 'vegetarian' }, addOns: [{ diets: '' }] }).diets).toEqual([])
    expect(mergeLineMarks({ goods: { diets: 'vegan,halal' }, picks: [{ diets: 'vegetarian,halal' }] }).diets).toEqual(['vegetarian', 'halal'])
    // A sku value can make the choice suitable ("tofu" of a noodle).
    expect(mergeLineMarks({ goods: { diets: '' }, values: [{ diets: 'vegetarian' }] }).diets).toEqual(['vegetarian'])
  })

  it('carry alcohol from any part and the highest spice level', () => {
    expect(mergeLineMarks({ goods: { diets: 'spicy1' }, values: [{ diets: 'spicy3' }], addOns: [{ diets: 'alcohol,spicy2' }] }).diets).toEqual(['alcohol', 'spicy3'])
  })

  it('say which allergens a choice adds', () => {
    expect(addedAllergens(['gluten'], { allergens: 'gluten,peanuts' })).toEqual(['peanuts'])
    expect(addedAllergens(['peanuts'], { allergens: 'peanuts' })).toEqual([])
  })
})

describe('names of the marks', () => {
  it('are in every catalogue of the diner app and the console, the same words', () => {
    for (const locale of LOCALES) {
      for (const code of ALLERGEN_CODES) {
        const name = CATALOGUES[locale][allergenKey(code)]
        expect([locale, code, name?.trim().length > 0]).toEqual([locale, code, true])
        expect(CONSOLE_CATALOGUES[locale][allergenKey(code)]).toBe(name)
      }
      for (const code of DIET_CODES) {
        const name = CATALOGUES[locale][dietKey(code)]
        expect([locale, code, name?.trim().length > 0]).toEqual([locale, code, true])
        expect(CONSOLE_CATALOGUES[locale][dietKey(code)]).toBe(name)
      }
    }
  })

  it('read as words in the reader’s language', () => {
    expect(markWords(['peanuts', 'milk'], 'allergen', (k) => translate('en', k as never))).toBe('Peanuts, Milk')
    expect(markWords(['crustaceans'], 'allergen', (k) => translate('zh-CN', k as never), '、')).toBe('甲壳类')
    expect(markWords(['spicy2'], 'diet', (k) => translate('zh-TW', k as never))).toBe('中辣')
  })
})
