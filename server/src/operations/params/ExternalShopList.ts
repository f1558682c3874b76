import { z } from 'zod'
import type { ExternalShopRow } from '../../../../src/gateway/operations'
import { requireSameEnterprise } from '../../domain/enterprise/enterprise.service'
import { externalShopType } from '../../../../src/core/shop-type'
import { externalShopList } from '../../domain/shops/shop.service'
import { pagingFields, requiredId } from '../fields'
import { defineOperation, type ColumnDocs } from '../operation'
import { BASE_COLUMNS, baseRow, localized } from '../rows'

const EXTERNAL_SHOP_COLUMNS: ColumnDocs<ExternalShopRow> = {
  ShopID: 'string',
  ShopName: "string: in the request's language",
  ShopNames: 'object {"zh-CN","zh-TW","en"}',
  IsEnable: "string: '1' enabled, '0' disabled",
  ShopType: "string: '2' business-district shop (PosType 5), else '7'",
  BaseID: "string: the shop's branch ids, comma-separated",
  BaseName: 'string: their names in the same order, comma-separated'
}

export default defineOperation({
  name: 'ExternalShopList',
  group: 'Params',
  summary:
    "Every shop of the enterprise, enabled or not, by shop code, one page (table1), and the branches of those shops (table2). Other_EntID must be the envelope's enterprise, else 20001.",
  auth: 'app',
  input: z.object({ Other_EntID: requiredId('Enterprise to list (the envelope EntID)'), ...pagingFields }),
  output: { table1: EXTERNAL_SHOP_COLUMNS, table2: BASE_COLUMNS },
  async handler(ctx, input) {
    const enterprise = requireSameEnterprise(ctx.enterprise, input.Other_EntID)
    const { shops } = await externalShopList(ctx.db, enterprise.entId, input)
    return {
      table1: shops.map(({ shop, bases }) => {
        const name = localized(shop.names, ctx.locale)
        return {
          ShopID: shop.shopId,
          ShopName: name.text,
          ShopNames: name.names,
          IsEnable: shop.isEnable ? '1' : '0',
          ShopType: externalShopType(shop.posType),
          BaseID: bases.map((b) => b.baseId).join(','),
          BaseName: bases.map((b) => localized(b.names, ctx.locale).text).join(',')
        }
      }),
      table2: shops.flatMap(({ bases }) => bases.map((b) => baseRow(b, ctx.locale)))
    }
  }
})
