/**
 * Menu (issue 23; stores/menu-store.ts): the shop's classes beside the goods of the chosen class;
 * a goods opens in a form with everything a diner sees of it (names in three languages, class,
 * kind, prices, sale window, branches, specs with prices and stock, pack units, choice groups and
 * which are required, add-ons, combo classes, picture with preview). On a tablet in landscape the
 * classes and the goods stand side by side; on a phone the classes scroll in one row above them.
 * Every input has a visible label (or, inside the specs table, a name); errors are tied to their
 * field and summed up at the top of the form in role=alert.
 */
import { observer } from 'mobx-react-lite'
import { useEffect, useId, type ChangeEvent, type FormEvent, type InputHTMLAttributes } from 'react'
import { LOCALES, type Locale } from '../../gateway/contract'
import { HTML_LANG, LANGUAGE_NAMES, type ConsoleKey } from '../i18n'
import type { ConsoleStore } from '../stores/console-store'
import { GOODS_TYPES, type ClassForm, type GoodsForm, type GoodsTypeCode, type MarksTarget, type MenuStore, type Removal, type Texts } from '../stores/menu-store'
import { ALLERGEN_CODES, DIET_CODES, SPICE_CODES, allergenKey, dietKey, spiceCode, spiceLevelOf, type DietCode, type SpiceCode } from '../../core/allergens'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField, Status, TableRegion } from './controls'
import './menu.css'

const langName = (l: Locale): string => LANGUAGE_NAMES[l]

export const MenuPage = observer(function MenuPage() {
  const store = useConsole()
  const menu = store.menu
  useEffect(() => {
    void menu.load()
    return () => menu.closeEditor()
  }, [menu])
  if (menu.editor) return <GoodsEditor form={menu.editor} />
  if (menu.classForm) return <ClassEditor form={menu.classForm} />
  if (menu.removing) return <RemoveView removal={menu.removing} />
  const { t } = store
  const current = menu.currentClass
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='menu'>{t('menu.title')}</PageHeading>
        {menu.shops.length > 1 ? (
          <SelectField label={t('menu.shop')} value={menu.shopId} onValue={(v) => menu.chooseShop(v)} options={menu.shops.map((s) => ({ value: s.ShopID, label: s.name }))} />
        ) : null}
      </div>
      <Status message={menu.notice} />
      <Alert message={menu.error} />
      {menu.loading && !menu.loaded ? <p role='status'>{t('common.loading')}</p> : null}
      {menu.loaded ? (
        <div className='menu-layout'>
          <div className='menu-classes'>
            <h2 id='menu-classes-title'>{t('menu.classes')}</h2>
            {menu.classes.length === 0 ? <p>{t('menu.noClasses')}</p> : null}
            <ul className='menu-class-list'>
              {menu.classes.map((c) => (
                <li key={c.ClassID}>
                  <button type='button' className='menu-class' aria-pressed={c.ClassID === menu.classId} onClick={() => menu.chooseClass(c.ClassID)}>
                    <span>{menu.name(c.Names, c.Code)}</span>
                    <span className='menu-count'>{t('menu.goodsCount', { n: c.GoodsCount })}</span>
                  </button>
                </li>
              ))}
            </ul>
            <div className='menu-class-actions'>
              <button type='button' className='button' onClick={() => menu.startAddClass()}>
                {t('menu.addClass')}
              </button>
              {current ? (
                <>
                  <button type='button' className='button' onClick={() => menu.startEditClass(current)} aria-label={t('menu.editClass', { name: menu.name(current.Names, current.Code) })}>
                    {t('common.edit')}
                  </button>
                  <button
                    type='button'
                    className='button button-danger'
                    onClick={() => menu.startRemove({ kind: 'class', id: current.ClassID, name: menu.name(current.Names, current.Code) })}
                    aria-label={t('menu.removeClass', { name: menu.name(current.Names, current.Code) })}
                  >
                    {t('common.remove')}
                  </button>
                </>
              ) : null}
            </div>
          </div>
          {current ? <GoodsList menu={menu} /> : null}
        </div>
      ) : null}
    </>
  )
})

const GoodsList = observer(function GoodsList({ menu }: { menu: MenuStore }) {
  const store = useConsole()
  const { t } = store
  const current = menu.currentClass!
  const className = menu.name(current.Names, current.Code)
  return (
    <div className='menu-goods'>
      <div className='page-head'>
        <h2 id='menu-goods-title'>{t('menu.classGoods', { name: className })}</h2>
        <button type='button' className='button button-primary' onClick={() => menu.startAddGoods()}>
          {t('menu.addGoods')}
        </button>
      </div>
      {menu.classGoods.length === 0 ? <p>{t('menu.noGoods')}</p> : null}
      {menu.classGoods.length ? (
        <TableRegion label={t('menu.classGoods', { name: className })}>
          <table role='table' className='table menu-table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('menu.col.picture')}</th>
                <th scope='col' role='columnheader'>{t('menu.col.name')}</th>
                <th scope='col' role='columnheader'>{t('menu.col.code')}</th>
                <th scope='col' role='columnheader'>{t('menu.col.price')}</th>
                <th scope='col' role='columnheader'>{t('menu.col.state')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {menu.classGoods.map((g) => {
                const name = menu.name(g.Names, g.Code)
                return (
                  <tr role='row' key={g.GoodsID}>
                    <td role='cell' data-label={t('menu.col.picture')}>
                      {/* The name is beside it: the picture adds nothing to read out. */}
                      {g.ImageUrl ? <img className='menu-thumb' src={g.ImageUrl} alt='' /> : <span className='menu-thumb menu-thumb-none' aria-hidden='true' />}
                    </td>
                    <th scope='row' role='rowheader'>
                      {name}
                      {g.Required ? <span className='menu-badge'>{t('menu.requiredBadge')}</span> : null}
                    </th>
                    <td role='cell' data-label={t('menu.col.code')} className='nowrap'>{g.Code}</td>
                    <td role='cell' data-label={t('menu.col.price')} className='nowrap'>{g.Price}</td>
                    <td role='cell' data-label={t('menu.col.state')}>{g.SoldOut ? <span className='menu-badge menu-badge-off'>{t('menu.soldOutBadge')}</span> : t('menu.onSaleBadge')}</td>
                    <td role='cell' data-label={t('col.actions')} className='row-actions'>
                      <button type='button' className='button button-small' onClick={() => void menu.startEditGoods(g.GoodsID)} aria-label={menu.opening === g.GoodsID ? undefined : t('menu.editGoods', { name })} disabled={menu.opening === g.GoodsID}>
                        {menu.opening === g.GoodsID ? t('menu.opening') : t('common.edit')}
                      </button>
                      <button type='button' className='button button-small button-danger' onClick={() => menu.startRemove({ kind: 'goods', id: g.GoodsID, name })} aria-label={t('menu.removeGoods', { name })}>
                        {t('common.remove')}
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </div>
  )
})

// ---------- the goods form ----------

/** One text per language, side by side on a tablet, one under another on a phone. */
function TextsFields(props: { label: (lang: string) => string; texts: Texts; onText: (l: Locale, v: string) => void; errors: Record<string, string | undefined>; errorKey: string; hint?: string; required?: boolean }) {
  return (
    <div className='lang-grid'>
      {LOCALES.map((l) => (
        <Field
          key={l}
          label={props.label(langName(l))}
          lang={HTML_LANG[l]}
          value={props.texts[l]}
          onValue={(v) => props.onText(l, v)}
          error={props.errors[`${props.errorKey}.${l}`]}
          hint={props.hint}
          required={props.required}
          autoComplete='off'
        />
      ))}
    </div>
  )
}

/** An input named by aria-label (inside a table row), its error tied to it. */
function CellInput({ label, value, onValue, error, ...rest }: { label: string; value: string; onValue: (v: string) => void; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const id = useId()
  return (
    <div className='cell-input'>
      <input aria-label={label} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-e` : undefined} {...rest} />
      {error ? (
        <p id={`${id}-e`} className='field-error'>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** What an error key of the form names, for the summary at the top ('Name (English): Fill this in.'). */
function fieldName(store: ConsoleStore, form: GoodsForm, key: string): string {
  const t = store.t
  const parts = key.split('.')
  const lang = (l: string) => (LOCALES as readonly string[]).includes(l) ? langName(l as Locale) : l
  const n = (i: string) => Number(i) + 1
  const simple: Record<string, ConsoleKey> = {
    code: 'menu.field.code',
    classCode: 'menu.field.class',
    price: 'menu.field.price',
    salesPrice: 'menu.field.salesPrice',
    stepQua: 'menu.field.step',
    onSaleTime: 'menu.field.onSale',
    offSaleTime: 'menu.field.offSale',
    bases: 'menu.section.branches',
    picture: 'menu.field.picture',
    reason: 'menu.field.reason',
    combo: 'menu.section.combo'
  }
  if (simple[key]) return t(simple[key])
  switch (parts[0]) {
    case 'names':
      return t('menu.field.name', { lang: lang(parts[1]) })
    case 'unit':
      return t('menu.field.unit', { lang: lang(parts[1]) })
    case 'attributes':
      return parts[2] === 'values'
        ? `${t('menu.spec', { n: n(parts[1]) })}: ${t('menu.field.valueName', { n: n(parts[3]), lang: lang(parts[5]) })}`
        : `${t('menu.spec', { n: n(parts[1]) })}: ${t('menu.field.attrName', { lang: lang(parts[3]) })}`
    case 'skus': {
      const field = parts[2] === 'price' ? t('menu.field.price') : parts[2] === 'salesPrice' ? t('menu.field.salesPrice') : t('menu.field.stock')
      return t('menu.skuField', { field, sku: form.skuLabel(parts[1].split(','), store.locale) })
    }
    case 'packUnits':
      return `${t('menu.pack', { n: n(parts[1]) })}: ${parts[2] === 'names' ? t('menu.field.packName', { lang: lang(parts[3]) }) : parts[2] === 'ref' ? t('menu.field.ref') : parts[2] === 'price' ? t('menu.field.price') : t('menu.field.salesPrice')}`
    case 'remarks':
      return `${t('menu.group', { n: n(parts[1]) })}: ${parts[2] === 'names' ? t('menu.field.groupName', { lang: lang(parts[3]) }) : t('menu.field.options', { lang: lang(parts[3]) })}`
    case 'addOns':
      return `${t('menu.addOn', { n: n(parts[1]) })}: ${parts[2] === 'names' ? t('menu.field.addOnName', { lang: lang(parts[3]) }) : parts[2] === 'price' ? t('menu.field.price') : t('menu.field.salesPrice')}`
    case 'combo':
      return `${t('menu.comboClass', { n: n(parts[1]) })}: ${parts[2] === 'names' ? t('menu.field.comboName', { lang: lang(parts[3]) }) : parts[2] === 'pick' ? t('menu.field.pick') : parts[2] === 'items' && parts[4] === 'price' ? t('menu.field.markup', { name: parts[3] }) : t('menu.comboGoods')}`
    default:
      return key
  }
}

const GoodsEditor = observer(function GoodsEditor({ form }: { form: GoodsForm }) {
  const store = useConsole()
  const menu = store.menu
  const { t } = store
  const e = form.errors
  const submit = (ev: FormEvent) => {
    ev.preventDefault()
    void menu.saveGoods()
  }
  const summary = Object.entries(e)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, message]) => t('menu.errorLine', { field: fieldName(store, form, key), error: message }))
  const title = form.adding ? t('menu.addGoodsTitle') : t('menu.editGoodsTitle', { name: menu.name(form.names, form.code) })
  const pick = (ev: ChangeEvent<HTMLInputElement>) => {
    const file = ev.target.files?.[0]
    form.choosePicture(file ? { name: file.name, size: file.size, type: file.type, blob: file, previewUrl: URL.createObjectURL(file) } : null)
  }
  return (
    <div className='menu-editor'>
      <p>
        <button type='button' className='button button-quiet' onClick={() => menu.closeEditor()}>
          {t('menu.back')}
        </button>
      </p>
      <PageHeading focusKey={form.goodsId || 'new-goods'}>{title}</PageHeading>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={menu.error || (summary.length ? t('error.checkFields') : '')} list={summary} />

        <fieldset>
          <legend>{t('menu.section.basics')}</legend>
          <div className='field-row'>
            <Field label={t('menu.field.code')} hint={t('menu.field.codeHint')} value={form.code} onValue={(v) => form.set('code', v)} error={e.code} readOnly={!form.adding} required autoComplete='off' />
            <SelectField
              label={t('menu.field.class')}
              value={form.classCode}
              onValue={(v) => form.set('classCode', v)}
              error={e.classCode}
              options={menu.classes.map((c) => ({ value: c.Code, label: menu.name(c.Names, c.Code) }))}
            />
            <SelectField
              label={t('menu.field.type')}
              value={String(form.type)}
              onValue={(v) => form.setType(Number(v) as GoodsTypeCode)}
              options={GOODS_TYPES.map((type) => ({ value: String(type), label: t(`menu.type.${type}` as ConsoleKey) }))}
            />
          </div>
          <TextsFields label={(lang) => t('menu.field.name', { lang })} texts={form.names} onText={(l, v) => form.setText('names', l, v)} errors={e} errorKey='names' required />
          <TextsFields label={(lang) => t('menu.field.unit', { lang })} hint={t('menu.field.unitHint')} texts={form.unit} onText={(l, v) => form.setText('unit', l, v)} errors={e} errorKey='unit' required />
          <TextsFields label={(lang) => t('menu.field.description', { lang })} texts={form.descriptions} onText={(l, v) => form.setText('descriptions', l, v)} errors={e} errorKey='descriptions' />
        </fieldset>

        <fieldset>
          <legend>{t('menu.section.prices')}</legend>
          <div className='field-row'>
            <Field label={t('menu.field.price')} value={form.price} onValue={(v) => form.set('price', v)} error={e.price} inputMode='decimal' required autoComplete='off' />
            <Field label={t('menu.field.salesPrice')} hint={t('menu.field.salesPriceHint')} value={form.salesPrice} onValue={(v) => form.set('salesPrice', v)} error={e.salesPrice} inputMode='decimal' autoComplete='off' />
            <Field label={t('menu.field.step')} hint={t('menu.field.stepHint')} value={form.stepQua} onValue={(v) => form.set('stepQua', v)} error={e.stepQua} inputMode='decimal' autoComplete='off' />
          </div>
          <p className='hint' id='menu-window-hint'>
            {t('menu.field.windowHint')}
          </p>
          <div className='field-row'>
            <Field label={t('menu.field.onSale')} value={form.onSaleTime} onValue={(v) => form.set('onSaleTime', v)} error={e.onSaleTime} placeholder='08:00' inputMode='numeric' autoComplete='off' />
            <Field label={t('menu.field.offSale')} value={form.offSaleTime} onValue={(v) => form.set('offSaleTime', v)} error={e.offSaleTime} placeholder='22:00' inputMode='numeric' autoComplete='off' />
          </div>
          <Check label={t('menu.field.recommend')} checked={form.recommend} onChecked={(on) => form.setRecommend(on)} />
        </fieldset>

        <MarksFields form={form} target={{ kind: 'goods' }} title={t('marks.title')} hint={t('marks.hint')} />

        {menu.bases.length > 0 ? (
          <fieldset>
            <legend>{t('menu.section.branches')}</legend>
            <Check label={t('menu.field.allBranches')} checked={form.bases === null} onChecked={(on) => form.setAllBranches(on)} />
            {form.bases !== null ? (
              <div className='checks'>
                {menu.bases.map((b) => (
                  <Check key={b.BaseID} label={menu.name(b.Names, b.BaseID)} checked={form.bases!.includes(b.BaseID)} onChecked={(on) => form.toggleBase(b.BaseID, on)} />
                ))}
              </div>
            ) : null}
            {e.bases ? (
              <p className='field-error' role='alert'>
                {e.bases}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        <SpecsSection form={form} />
        <RemarksSection form={form} />

        <fieldset>
          <legend>{t('menu.section.addOns')}</legend>
          {form.addOns.map((a, i) => (
            <div className='menu-item' key={a.code}>
              <h2 className='menu-item-title'>{t('menu.addOn', { n: i + 1 })}</h2>
              <TextsFields label={(lang) => t('menu.field.addOnName', { lang })} texts={a.names} onText={(l, v) => form.setAddOnName(i, l, v)} errors={e} errorKey={`addOns.${i}.names`} required />
              <div className='field-row'>
                <Field label={t('menu.field.price')} value={a.price} onValue={(v) => form.setAddOn(i, 'price', v)} error={e[`addOns.${i}.price`]} inputMode='decimal' autoComplete='off' />
                <Field label={t('menu.field.salesPrice')} hint={t('menu.field.salesPriceHint')} value={a.salesPrice} onValue={(v) => form.setAddOn(i, 'salesPrice', v)} error={e[`addOns.${i}.salesPrice`]} inputMode='decimal' autoComplete='off' />
              </div>
              <MarksFields form={form} target={{ kind: 'addOn', index: i }} title={t('marks.titleOf', { name: t('menu.addOn', { n: i + 1 }) })} />
              <button type='button' className='button button-danger' onClick={() => form.removeAddOn(i)}>
                {t('menu.removeAddOn', { n: i + 1 })}
              </button>
            </div>
          ))}
          <button type='button' className='button' onClick={() => form.addAddOn()}>
            {t('menu.addAddOn')}
          </button>
        </fieldset>

        <fieldset>
          <legend>{t('menu.section.packs')}</legend>
          {form.packUnits.map((p, i) => (
            <div className='menu-item' key={p.code}>
              <h2 className='menu-item-title'>{t('menu.pack', { n: i + 1 })}</h2>
              <TextsFields label={(lang) => t('menu.field.packName', { lang })} texts={p.names} onText={(l, v) => form.setPackName(i, l, v)} errors={e} errorKey={`packUnits.${i}.names`} required />
              <div className='field-row'>
                <Field label={t('menu.field.ref')} value={p.ref} onValue={(v) => form.setPack(i, 'ref', v)} error={e[`packUnits.${i}.ref`]} inputMode='decimal' autoComplete='off' />
                <Field label={t('menu.field.price')} value={p.price} onValue={(v) => form.setPack(i, 'price', v)} error={e[`packUnits.${i}.price`]} inputMode='decimal' autoComplete='off' />
                <Field label={t('menu.field.salesPrice')} hint={t('menu.field.salesPriceHint')} value={p.salesPrice} onValue={(v) => form.setPack(i, 'salesPrice', v)} error={e[`packUnits.${i}.salesPrice`]} inputMode='decimal' autoComplete='off' />
              </div>
              <button type='button' className='button button-danger' onClick={() => form.removePackUnit(i)}>
                {t('menu.removePack', { n: i + 1 })}
              </button>
            </div>
          ))}
          <button type='button' className='button' onClick={() => form.addPackUnit()}>
            {t('menu.addPack')}
          </button>
        </fieldset>

        {form.type === 3 ? <ComboSection form={form} /> : null}

        <fieldset>
          <legend>{t('menu.section.picture')}</legend>
          {form.previewUrl ? (
            <figure className='menu-preview'>
              <img src={form.previewUrl} alt={form.picture ? t('menu.picturePreview') : t('menu.pictureOf', { name: menu.name(form.names, form.code) })} />
              <figcaption>{form.picture ? t('menu.picturePreview') : t('menu.pictureNow')}</figcaption>
            </figure>
          ) : (
            <p className='muted'>{t('menu.noPicture')}</p>
          )}
          <PictureInput label={t('menu.field.picture')} hint={t('menu.field.pictureHint')} error={e.picture} onChange={pick} />
          {form.imageUrl ? <Check label={t('menu.field.removePicture')} checked={form.removePicture} onChecked={(on) => form.setRemovePicture(on)} /> : null}
        </fieldset>

        <Field label={t('menu.field.reason')} hint={t('menu.field.reasonHint')} value={form.reason} onValue={(v) => form.set('reason', v)} error={e.reason} required={form.changesPrice} autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={menu.busy}>
            {menu.busy ? t('common.working') : t('common.save')}
          </button>
          <button type='button' className='button' onClick={() => menu.closeEditor()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})

function PictureInput({ label, hint, error, onChange }: { label: string; hint: string; error?: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  const id = useId()
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={`${id}-file`}>{label}</label>
      <p id={`${id}-hint`} className='hint'>
        {hint}
      </p>
      <input
        id={`${id}-file`}
        type='file'
        accept='image/jpeg,image/png,image/webp'
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
      {error ? (
        <p id={`${id}-error`} className='field-error'>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * Allergens (the 14 of EU 1169/2011), dietary marks and the spice level of the goods, a spec value
 * or an add-on (src/core/allergens.ts): checkboxes named in words, as diners and the kitchen read them.
 */
const MarksFields = observer(function MarksFields({ form, target, title, hint }: { form: GoodsForm; target: MarksTarget; title: string; hint?: string }) {
  const { t } = useConsole()
  const marks = form.marksAt(target)
  const suitable = DIET_CODES.filter((c): c is Exclude<DietCode, SpiceCode> => !(SPICE_CODES as readonly string[]).includes(c))
  return (
    <fieldset className='menu-marks'>
      <legend>{title}</legend>
      {hint ? <p className='hint'>{hint}</p> : null}
      <fieldset className='menu-marks-group'>
        <legend>{t('marks.allergens')}</legend>
        <div className='checks'>
          {ALLERGEN_CODES.map((code) => (
            <Check key={code} label={t(allergenKey(code))} checked={marks.allergens.includes(code)} onChecked={(on) => form.toggleAllergen(target, code, on)} />
          ))}
        </div>
      </fieldset>
      <fieldset className='menu-marks-group'>
        <legend>{t('marks.diets')}</legend>
        <div className='checks'>
          {suitable.map((code) => (
            <Check key={code} label={t(dietKey(code))} checked={marks.diets.includes(code)} onChecked={(on) => form.toggleDiet(target, code, on)} />
          ))}
        </div>
        <SelectField
          label={t('marks.spice')}
          value={String(spiceLevelOf(marks.diets))}
          onValue={(v) => form.setSpice(target, Number(v))}
          options={[0, 1, 2, 3].map((level) => ({ value: String(level), label: level === 0 ? t('marks.spice0') : t(dietKey(spiceCode(level)!)) }))}
        />
      </fieldset>
    </fieldset>
  )
})

const SpecsSection = observer(function SpecsSection({ form }: { form: GoodsForm }) {
  const store = useConsole()
  const { t } = store
  const e = form.errors
  const combos = form.skuCombos
  return (
    <fieldset>
      <legend>{t('menu.section.specs')}</legend>
      {form.attributes.map((a, ai) => (
        <div className='menu-item' key={a.code}>
          <h2 className='menu-item-title'>{t('menu.spec', { n: ai + 1 })}</h2>
          <TextsFields label={(lang) => t('menu.field.attrName', { lang })} texts={a.names} onText={(l, v) => form.setAttributeName(ai, l, v)} errors={e} errorKey={`attributes.${ai}.names`} required />
          {a.values.map((v, vi) => (
            <div className='menu-value' key={v.code}>
              <TextsFields label={(lang) => t('menu.field.valueName', { n: vi + 1, lang })} texts={v.names} onText={(l, value) => form.setValueName(ai, vi, l, value)} errors={e} errorKey={`attributes.${ai}.values.${vi}.names`} required />
              <MarksFields form={form} target={{ kind: 'value', attr: ai, value: vi }} title={t('marks.titleOf', { name: store.menu.name(v.names, v.code) })} />
              {a.values.length > 1 ? (
                <button type='button' className='button button-small button-danger' onClick={() => form.removeValue(ai, vi)}>
                  {t('menu.removeValue', { n: vi + 1 })}
                </button>
              ) : null}
            </div>
          ))}
          <div className='actions'>
            <button type='button' className='button' onClick={() => form.addValue(ai)}>
              {t('menu.addValue', { n: ai + 1 })}
            </button>
            <button type='button' className='button button-danger' onClick={() => form.removeAttribute(ai)}>
              {t('menu.removeSpec', { n: ai + 1 })}
            </button>
          </div>
        </div>
      ))}
      <button type='button' className='button' onClick={() => form.addAttribute()}>
        {t('menu.addSpec')}
      </button>
      {combos.length > 0 ? (
        <>
          <h2 className='menu-item-title' id='menu-skus-title'>{t('menu.skus')}</h2>
          <p className='hint'>{t('menu.field.stockHint')}</p>
          <TableRegion label={t('menu.skus')}>
            <table role='table' className='table menu-sku-table' aria-labelledby='menu-skus-title'>
              <thead role='rowgroup'>
                <tr role='row'>
                  <th scope='col' role='columnheader'>{t('menu.col.spec')}</th>
                  <th scope='col' role='columnheader'>{t('menu.field.price')}</th>
                  <th scope='col' role='columnheader'>{t('menu.field.salesPrice')}</th>
                  <th scope='col' role='columnheader'>{t('menu.field.stock')}</th>
                </tr>
              </thead>
              <tbody role='rowgroup'>
                {combos.map((values) => {
                  const key = values.join(',')
                  const sku = form.skuOf(values)
                  const label = form.skuLabel(values, store.locale)
                  const named = (field: ConsoleKey) => t('menu.skuField', { field: t(field), sku: label })
                  return (
                    <tr role='row' key={key}>
                      <th scope='row' role='rowheader'>{label}</th>
                      <td role='cell' data-label={t('menu.field.price')}>
                        <CellInput label={named('menu.field.price')} value={sku.price} onValue={(v) => form.setSku(values, 'price', v)} error={e[`skus.${key}.price`]} inputMode='decimal' />
                      </td>
                      <td role='cell' data-label={t('menu.field.salesPrice')}>
                        <CellInput label={named('menu.field.salesPrice')} value={sku.salesPrice} onValue={(v) => form.setSku(values, 'salesPrice', v)} error={e[`skus.${key}.salesPrice`]} inputMode='decimal' />
                      </td>
                      <td role='cell' data-label={t('menu.field.stock')}>
                        <CellInput label={named('menu.field.stock')} value={sku.stock} onValue={(v) => form.setSku(values, 'stock', v)} error={e[`skus.${key}.stock`]} inputMode='numeric' />
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </TableRegion>
        </>
      ) : null}
    </fieldset>
  )
})

const RemarksSection = observer(function RemarksSection({ form }: { form: GoodsForm }) {
  const store = useConsole()
  const { t } = store
  const e = form.errors
  return (
    <fieldset>
      <legend>{t('menu.section.remarks')}</legend>
      <p className='hint'>{t('menu.section.remarksHint')}</p>
      {form.remarks.map((r, i) => (
        <div className='menu-item' key={i}>
          <h2 className='menu-item-title'>
            {t('menu.group', { n: i + 1 })}
            {r.required ? <span className='menu-badge'>{t('menu.requiredBadge')}</span> : null}
          </h2>
          <Check label={t('menu.field.required')} checked={r.required} onChecked={(on) => form.setRemarkRequired(i, on)} />
          <TextsFields label={(lang) => t('menu.field.groupName', { lang })} texts={r.names} onText={(l, v) => form.setRemark(i, 'names', l, v)} errors={e} errorKey={`remarks.${i}.names`} />
          <TextsFields
            label={(lang) => t('menu.field.options', { lang })}
            hint={t('menu.field.optionsHint')}
            texts={r.options}
            onText={(l, v) => form.setRemark(i, 'options', l, v)}
            errors={e}
            errorKey={`remarks.${i}.options`}
            required
          />
          <button type='button' className='button button-danger' onClick={() => form.removeRemarkGroup(i)}>
            {t('menu.removeGroup', { n: i + 1 })}
          </button>
        </div>
      ))}
      <button type='button' className='button' onClick={() => form.addRemarkGroup()}>
        {t('menu.addGroup')}
      </button>
    </fieldset>
  )
})

const ComboSection = observer(function ComboSection({ form }: { form: GoodsForm }) {
  const store = useConsole()
  const menu = store.menu
  const { t } = store
  const e = form.errors
  const choices = menu.comboChoices(form.code)
  return (
    <fieldset>
      <legend>{t('menu.section.combo')}</legend>
      {e.combo ? (
        <p className='field-error' role='alert'>
          {e.combo}
        </p>
      ) : null}
      {form.combo.map((c, i) => (
        <div className='menu-item' key={c.code}>
          <h2 className='menu-item-title'>{t('menu.comboClass', { n: i + 1 })}</h2>
          <TextsFields label={(lang) => t('menu.field.comboName', { lang })} texts={c.names} onText={(l, v) => form.setComboName(i, l, v)} errors={e} errorKey={`combo.${i}.names`} required />
          <div className='field-row'>
            <Field label={t('menu.field.pick')} value={c.pick} onValue={(v) => form.setComboPick(i, v)} error={e[`combo.${i}.pick`]} inputMode='numeric' autoComplete='off' />
            <SelectField
              label={t('menu.field.select')}
              value={String(c.select)}
              onValue={(v) => form.setComboSelect(i, v === '1' ? 1 : 0)}
              options={[
                { value: '0', label: t('menu.select.0') },
                { value: '1', label: t('menu.select.1') }
              ]}
            />
          </div>
          <fieldset>
            <legend>{t('menu.comboGoods')}</legend>
            {e[`combo.${i}.items`] ? (
              <p className='field-error' role='alert'>
                {e[`combo.${i}.items`]}
              </p>
            ) : null}
            <ul className='menu-combo-items'>
              {choices.map((g) => {
                const item = c.items.find((x) => x.goods === g.Code)
                const name = menu.name(g.Names, g.Code)
                return (
                  <li key={g.GoodsID}>
                    <Check label={name} checked={Boolean(item)} onChecked={(on) => form.toggleComboItem(i, g.Code, on)} />
                    {item ? (
                      <div className='menu-combo-item'>
                        <CellInput label={t('menu.field.markup', { name })} value={item.price} onValue={(v) => form.setComboItemPrice(i, g.Code, v)} error={e[`combo.${i}.items.${g.Code}.price`]} inputMode='decimal' placeholder='0' />
                        <Check label={`${t('menu.field.default')}: ${name}`} checked={item.default} onChecked={(on) => form.setComboItemDefault(i, g.Code, on)} />
                      </div>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          </fieldset>
          <button type='button' className='button button-danger' onClick={() => form.removeComboClass(i)}>
            {t('menu.removeCombo', { n: i + 1 })}
          </button>
        </div>
      ))}
      <button type='button' className='button' onClick={() => form.addComboClass()}>
        {t('menu.addCombo')}
      </button>
    </fieldset>
  )
})

// ---------- classes and removing ----------

const ClassEditor = observer(function ClassEditor({ form }: { form: ClassForm }) {
  const store = useConsole()
  const menu = store.menu
  const { t } = store
  const e = form.errors
  const submit = (ev: FormEvent) => {
    ev.preventDefault()
    void menu.saveClass()
  }
  const label = (key: string): string => {
    if (key === 'code') return t('menu.classCode')
    if (key === 'sort') return t('menu.sort')
    const l = key.split('.')[1] as Locale
    return t('menu.field.name', { lang: langName(l) })
  }
  const errors = Object.entries(e)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, message]) => t('menu.errorLine', { field: label(key), error: message }))
  return (
    <div className='narrow'>
      <PageHeading focusKey={form.classId || 'new-class'}>{form.adding ? t('menu.addClassTitle') : t('menu.editClassTitle', { name: menu.name(form.names, form.code) })}</PageHeading>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={menu.error || (errors.length ? t('error.checkFields') : '')} list={errors} />
        <Field label={t('menu.classCode')} hint={t('menu.codeHint')} value={form.code} onValue={(v) => form.setCode(v)} error={e.code} readOnly={!form.adding} required autoComplete='off' />
        {LOCALES.map((l) => (
          <Field key={l} label={t('menu.field.name', { lang: langName(l) })} lang={HTML_LANG[l]} value={form.names[l]} onValue={(v) => form.setName(l, v)} error={e[`names.${l}`]} required autoComplete='off' />
        ))}
        <Field label={t('menu.sort')} hint={t('menu.sortHint')} value={form.sort} onValue={(v) => form.setSort(v)} error={e.sort} inputMode='numeric' autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={menu.busy}>
            {menu.busy ? t('common.working') : t('common.save')}
          </button>
          <button type='button' className='button' onClick={() => menu.closeClassForm()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})

const RemoveView = observer(function RemoveView({ removal }: { removal: Removal }) {
  const store = useConsole()
  const menu = store.menu
  const { t } = store
  const submit = (ev: FormEvent) => {
    ev.preventDefault()
    void menu.confirmRemove()
  }
  return (
    <div className='narrow'>
      <PageHeading focusKey={`remove-${removal.id}`}>{t('menu.removeTitle', { name: removal.name })}</PageHeading>
      <p>{removal.kind === 'goods' ? t('menu.removeGoodsBody') : t('menu.removeClassBody')}</p>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={menu.error} />
        <Field label={t('menu.reasonOptional')} value={menu.removeReason} onValue={(v) => menu.setRemoveReason(v)} autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-danger' disabled={menu.busy}>
            {menu.busy ? t('common.working') : t('common.remove')}
          </button>
          <button type='button' className='button' onClick={() => menu.cancelRemove()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})
