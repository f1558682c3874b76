/**
 * Members' saved delivery addresses as stored (migration 0013). Every read and write names the
 * enterprise and the member: an address of another member is simply not found here. The rules
 * (limits, the default address, geocoding) are server/src/domain/addresses/address-book.ts's.
 */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely'
import type { Database, VipAddressTable } from '../schema'

export type AddressRecord = Selectable<VipAddressTable>

type Db = Kysely<Database> | Transaction<Database>

export interface MemberScope {
  entId: string
  vipId: string
}

/** The member's addresses: the default first, then newest first. */
export async function listAddresses(db: Db, scope: MemberScope): Promise<AddressRecord[]> {
  return db
    .selectFrom('vip_addresses')
    .selectAll()
    .where('ent_id', '=', scope.entId)
    .where('vip_id', '=', scope.vipId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('address_id', 'desc')
    .execute()
}

export async function countAddresses(db: Db, scope: MemberScope): Promise<number> {
  const row = await db
    .selectFrom('vip_addresses')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('ent_id', '=', scope.entId)
    .where('vip_id', '=', scope.vipId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** When the member's newest address was made ('' none): a new one is made strictly later, so "newest" never ties. */
export async function latestAddressInstant(db: Db, scope: MemberScope): Promise<string> {
  const row = await db
    .selectFrom('vip_addresses')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('ent_id', '=', scope.entId)
    .where('vip_id', '=', scope.vipId)
    .executeTakeFirst()
  return row?.at ? String(row.at) : ''
}

/** The member's address by id; another member's (or an unknown id) is null. */
export async function findAddress(db: Db, scope: MemberScope, addressId: string): Promise<AddressRecord | null> {
  const row = await db
    .selectFrom('vip_addresses')
    .selectAll()
    .where('ent_id', '=', scope.entId)
    .where('vip_id', '=', scope.vipId)
    .where('address_id', '=', addressId)
    .executeTakeFirst()
  return row ?? null
}

export async function findAddressByRequestKey(db: Db, scope: MemberScope, requestKey: string): Promise<AddressRecord | null> {
  const row = await db
    .selectFrom('vip_addresses')
    .selectAll()
    .where('ent_id', '=', scope.entId)
    .where('vip_id', '=', scope.vipId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst()
  return row ?? null
}

export async function insertAddress(trx: Transaction<Database>, row: Insertable<VipAddressTable>): Promise<void> {
  await trx.insertInto('vip_addresses').values(row).execute()
}

export async function updateAddress(
  trx: Transaction<Database>,
  scope: MemberScope,
  addressId: string,
  changes: Updateable<VipAddressTable>
): Promise<void> {
  await trx
    .updateTable('vip_addresses')
    .set(changes)
    .where('ent_id', '=', scope.entId)
    .where('vip_id', '=', scope.vipId)
    .where('address_id', '=', addressId)
    .execute()
}

export async function deleteAddress(trx: Transaction<Database>, scope: MemberScope, addressId: string): Promise<void> {
  await trx
    .deleteFrom('vip_addresses')
    .where('ent_id', '=', scope.entId)
    .where('vip_id', '=', scope.vipId)
    .where('address_id', '=', addressId)
    .execute()
}

/** Makes one address the member's only default ('' : none is default). */
export async function setDefaultAddress(trx: Transaction<Database>, scope: MemberScope, addressId: string): Promise<void> {
  await trx
    .updateTable('vip_addresses')
    .set((eb) => ({ is_default: eb.case().when('address_id', '=', addressId).then(1).else(0).end() }))
    .where('ent_id', '=', scope.entId)
    .where('vip_id', '=', scope.vipId)
    .execute()
}
