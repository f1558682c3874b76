/** Enterprise, shop and branch parameters (ParmID → ParmValue). */
import type { Kysely } from 'kysely'
import { BASE_PARAM_IDS } from '../../../../src/gateway/operations'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { findBaseParam, listShopParams } from '../../storage/repositories/params.repository'
import type { Database } from '../../storage/schema'
import { requireBase } from '../shops/base.service'
import { requireShop } from '../shops/shop.service'
import type { Param } from '../records'

export type BaseParamId = (typeof BASE_PARAM_IDS)[number]

export const enterpriseParams = (db: Kysely<Database>, entId: string): Promise<Param[]> => listEnterpriseSettings(db, entId)

export async function shopParams(db: Kysely<Database>, entId: string, shopId: string): Promise<{ shopId: string; params: Param[] }> {
  const shop = await requireShop(db, entId, shopId)
  return { shopId: shop.shopId, params: await listShopParams(db, shop.shopId) }
}

/** A known branch param; one the branch has not set reads as ''. */
export async function baseParam(
  db: Kysely<Database>,
  entId: string,
  baseId: string,
  parmId: BaseParamId
): Promise<{ baseId: string; param: Param }> {
  const base = await requireBase(db, entId, baseId)
  const value = await findBaseParam(db, base.baseId, parmId)
  return { baseId: base.baseId, param: { parmId, parmValue: value ?? '' } }
}
