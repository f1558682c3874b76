import { z } from 'zod'
import { BASE_PARAM_IDS } from '../../../../src/gateway/operations'
import { baseParam } from '../../domain/params/params.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { PARAM_COLUMNS, paramRow } from '../rows'

export default defineOperation({
  name: 'BaseSysParamGet',
  group: 'Params',
  summary: `One branch param. ParmID must be one of ${BASE_PARAM_IDS.join(', ')} (else 10007); a known param the branch has not set reads as ''. Unknown branch → 20004.`,
  auth: 'app',
  input: z.object({
    BaseID: requiredId('Branch id'),
    ParmID: z.enum(BASE_PARAM_IDS).describe(BASE_PARAM_IDS.join(' | '))
  }),
  output: { table1: { BaseID: 'string', ...PARAM_COLUMNS } },
  async handler(ctx, input) {
    const { baseId, param } = await baseParam(ctx.db, ctx.enterprise.entId, input.BaseID, input.ParmID)
    return { table1: [{ BaseID: baseId, ...paramRow(param) }] }
  }
})
