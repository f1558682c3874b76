import { z } from 'zod'
import { importSetup } from '../../domain/setup/setup-file'
import { SetupError } from '../../domain/setup/setup-common'
import { appendAudit } from '../../domain/staff/audit-log'
import { noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { flagField } from './staff-setup'

/** The file's JSON, or a SetupError saying why it is not. */
function parseFile(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new SetupError([`file: not JSON (${error instanceof Error ? error.message : String(error)})`])
  }
}

export default defineStaffOperation({
  name: 'SetupImport',
  auth: 'enterprise.manage',
  input: z.object({
    File: z.preprocess((v) => v ?? '', z.string().min(1).max(16 * 1024 * 1024)).describe('The setup file’s JSON text (docs/setup.md); it replaces the caller’s own enterprise’s setup'),
    KeepCodes: flagField('1: use the QR codes the file holds (a restore of this restaurant); 0 (default): codes stay as they are, new tables get fresh ones'),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const file = parseFile(input.File)
    const shops = Array.isArray((file as { shops?: unknown })?.shops) ? (file as { shops: unknown[] }).shops.length : 0
    const summary = await ctx.db.transaction().execute(async (trx) => {
      // The entry first: a replaced menu's live event must be the transaction's last write (importSetup).
      await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'setup.import', targetType: 'enterprise', targetId: staff.entId, detail: { mode: 'replace', shops, keepCodes: input.KeepCodes === 1 }, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      return importSetup(trx, file, { mode: 'replace', entId: staff.entId, keepCodes: input.KeepCodes === 1, filesDir: ctx.config.filesDir, now: ctx.now })
    })
    return {
      table1: [
        {
          EntID: summary.entId,
          Shops: summary.shops.length,
          Branches: summary.shops.reduce((n, s) => n + s.branches.length, 0),
          Tables: summary.tables,
          RechargeRules: summary.rechargeRules,
          Menus: summary.shops.filter((s) => s.menuVersion !== null).length
        }
      ]
    }
  }
})
