/**
 * The diner's dietary filter on the menu (issue 26 item 1): "hide what contains peanuts", "only
 * vegetarian". It judges a goods by its own marks (GoodsRow.Allergens / Diets, src/core/allergens.ts):
 * a goods hidden for an allergen contains it whatever is chosen; a choice that adds one (an add-on,
 * a combo pick, a spec) is said on goodsDetails before it is added (`conflicts`). Kept in the
 * device's storage for the visit and after a reload, until the diner clears it.
 */
import { makeAutoObservable } from 'mobx'
import { ALLERGEN_CODES, SUITABLE_CODES, allergensOf, dietsOf, type AllergenCode, type SuitableCode } from '../../core/allergens'
import type { KeyValueStorage } from '../../hosts/host'

export const DIET_FILTER_KEY = 'scanorder.dietFilter'

/** What a goods (or a choice) carries: its marks as the gateway gives them. */
export interface Marked {
  Allergens?: string
  Diets?: string
}

export class DietFilterStore {
  /** Allergens whose goods are hidden, in canonical order. */
  hide: AllergenCode[] = []
  /** Marks every goods shown must carry (vegetarian, vegan, halal). */
  only: SuitableCode[] = []

  constructor(private readonly storage: KeyValueStorage) {
    this.read()
    makeAutoObservable<DietFilterStore, 'storage'>(this, { storage: false })
  }

  private read(): void {
    try {
      const saved = JSON.parse(this.storage.get(DIET_FILTER_KEY) ?? 'null') as { hide?: unknown; only?: unknown } | null
      if (!saved) return
      const hide = Array.isArray(saved.hide) ? saved.hide : []
      const only = Array.isArray(saved.only) ? saved.only : []
      this.hide = ALLERGEN_CODES.filter((c) => hide.includes(c))
      this.only = SUITABLE_CODES.filter((c) => only.includes(c))
    } catch {
      // A damaged value is no filter.
    }
  }

  private save(): void {
    if (this.active) this.storage.set(DIET_FILTER_KEY, JSON.stringify({ hide: this.hide, only: this.only }))
    else this.storage.remove(DIET_FILTER_KEY)
  }

  get active(): boolean {
    return this.hide.length > 0 || this.only.length > 0
  }

  /** How many conditions are on (the button's count). */
  get count(): number {
    return this.hide.length + this.only.length
  }

  toggleHide(code: AllergenCode): void {
    const next = this.hide.includes(code) ? this.hide.filter((c) => c !== code) : [...this.hide, code]
    this.hide = ALLERGEN_CODES.filter((c) => next.includes(c))
    this.save()
  }

  toggleOnly(code: SuitableCode): void {
    const next = this.only.includes(code) ? this.only.filter((c) => c !== code) : [...this.only, code]
    this.only = SUITABLE_CODES.filter((c) => next.includes(c))
    this.save()
  }

  clear(): void {
    this.hide = []
    this.only = []
    this.save()
  }

  /** Whether a goods stays on the menu: none of the hidden allergens, every mark asked for. */
  allows(goods: Marked): boolean {
    if (!this.active) return true
    const allergens = allergensOf(goods.Allergens)
    if (allergens.some((a) => this.hide.includes(a))) return false
    const diets = dietsOf(goods.Diets)
    return this.only.every((d) => diets.includes(d))
  }

  /** The hidden allergens a goods or a choice brings: what to warn about before it is added. */
  conflicts(marked: Marked): AllergenCode[] {
    return allergensOf(marked.Allergens).filter((a) => this.hide.includes(a))
  }
}
