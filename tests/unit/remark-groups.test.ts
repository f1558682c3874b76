/**
 * Required remark groups (issue 23): '*' (or '＊') before a group's name marks it required; the
 * mark is not part of the name; a choice must name an option of each required group; groups
 * written back read the same.
 */
import { parseGoodsRemarks } from '../../src/core/goods-remarks'
import { formatGoodsRemarks, missingRequiredGroups } from '../../src/core/remark-groups'
import { GoodsChoice } from '../../src/features/menu/goods-choice'
import type { GoodsDetails } from '../../src/features/menu/menu.store'
import { DEFAULT_POINTS } from '../../src/core/money'
import { goodsRow } from './support/menu-rows'

describe('required remark groups', () => {
  it("reads a leading '*' or '＊' as required, not as part of the name", () => {
    expect(parseGoodsRemarks('*Noodles: Egg; Udon\n ＊ 辣度：不辣；大辣\nOnion:Yes;No')).toEqual([
      { name: 'Noodles', options: ['Egg', 'Udon'], required: true },
      { name: '辣度', options: ['不辣', '大辣'], required: true },
      { name: 'Onion', options: ['Yes', 'No'] }
    ])
  })

  it("reads text without marks as before, and a '*' inside an option or a line without a colon as text", () => {
    expect(parseGoodsRemarks('Spice:Mild;*Hot')).toEqual([{ name: 'Spice', options: ['Mild', '*Hot'] }])
    expect(parseGoodsRemarks('*No onion;No garlic')).toEqual([{ name: '', options: ['*No onion', 'No garlic'] }])
    expect(parseGoodsRemarks('*Spice:')).toEqual([])
  })

  it('names the required groups a choice leaves out, in order', () => {
    const groups = parseGoodsRemarks('*Noodles:Egg;Udon\n*Spice:None;Hot\nOnion:Yes;No')
    expect(missingRequiredGroups(groups, []).map((g) => g.name)).toEqual(['Noodles', 'Spice'])
    expect(missingRequiredGroups(groups, [{ name: 'Spice', option: 'Hot' }]).map((g) => g.name)).toEqual(['Noodles'])
    // An option of another group, or one the group does not have, is no choice.
    expect(missingRequiredGroups(groups, [{ name: 'Noodles', option: 'Hot' }, { name: 'Onion', option: 'Yes' }]).map((g) => g.name)).toEqual(['Noodles', 'Spice'])
    expect(missingRequiredGroups(groups, [{ name: 'Noodles', option: 'Udon' }, { name: 'Spice', option: 'None' }])).toEqual([])
    expect(missingRequiredGroups(parseGoodsRemarks('Onion:Yes;No'), [])).toEqual([])
  })

  it('writes groups back so they read the same', () => {
    const groups = parseGoodsRemarks('*Noodles:Egg;Udon\nSauce:Salt, pepper；None\n＊甜度：少甜，正常')
    const text = formatGoodsRemarks(groups)
    expect(text).toBe('*Noodles:Egg;Udon\nSauce:Salt, pepper;None\n*甜度:少甜;正常')
    expect(parseGoodsRemarks(text)).toEqual(groups)
    expect(formatGoodsRemarks([{ name: 'Empty', options: [] }])).toBe('')
  })

  it('goodsDetails: a required group without a choice is a problem, and the choice is complete once it has one', () => {
    const goods = { ...goodsRow('G1', 'C1', { HasOptions: 1 }), GoodsNames: { 'zh-CN': 'G1', 'zh-TW': 'G1', en: 'G1' }, Description: '', GoodsRemarks: '', Images: [] }
    const details: GoodsDetails = {
      goods,
      attributes: [],
      values: [],
      skus: [],
      packUnits: [],
      remarks: parseGoodsRemarks('*Noodles:Egg;Udon\nOnion:Yes;No\n*Spice:None;Hot'),
      addOns: [],
      bomClasses: [],
      bomGoods: []
    }
    const choice = new GoodsChoice(details, DEFAULT_POINTS)
    expect(choice.problems).toEqual([
      { kind: 'remark', groupName: 'Noodles' },
      { kind: 'remark', groupName: 'Spice' }
    ])
    expect(choice.complete).toBe(false)
    choice.toggleRemark('Onion', 'No')
    choice.toggleRemark('Noodles', 'Udon')
    expect(choice.problems).toEqual([{ kind: 'remark', groupName: 'Spice' }])
    choice.toggleRemark('Spice', 'Hot')
    expect(choice.complete).toBe(true)
    expect(choice.toLine().remarkList).toEqual([
      { name: 'Noodles', option: 'Udon' },
      { name: 'Onion', option: 'No' },
      { name: 'Spice', option: 'Hot' }
    ])
    // Tapping the chosen option again clears it: required again.
    choice.toggleRemark('Spice', 'Hot')
    expect(choice.complete).toBe(false)
  })
})
