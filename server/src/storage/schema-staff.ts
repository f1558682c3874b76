/** The staff side's tables (migration 0018, issue 23); part of Database (./schema.ts). */

export interface StaffMemberTable {
  staff_id: string
  ent_id: string
  name: string
  area_no: string
  phone: string
  /** StaffRole (src/core/staff-permissions.ts). */
  role: string
  /** Comma-separated ShopIDs, '' = every shop. */
  shop_ids: string
  /** Comma-separated BaseIDs, '' = every branch of those shops. */
  base_ids: string
  locale: string
  password_hash: string | null
  pin_hash: string | null
  created_at: string
  updated_at: string
  removed_at: string | null
}

export interface StaffDeviceTable {
  device_id: string
  ent_id: string
  name: string
  /** DeviceKind. */
  kind: string
  shop_id: string
  base_id: string
  token_hash: string
  paired_by: string
  paired_at: string
  last_seen_at: string
  failed_pins: number
  locked_until: string | null
  removed_at: string | null
}

export interface StaffSessionTable {
  token_hash: string
  ent_id: string
  staff_id: string
  /** '' for a personal sign-in. */
  device_id: string
  created_at: string
  expires_at: string
  ended_at: string | null
}

export interface AuditLogTable {
  audit_id: string
  ent_id: string
  at: string
  staff_id: string
  staff_name: string
  role: string
  device_id: string
  device_name: string
  action: string
  target_type: string
  target_id: string
  /** JSON text. */
  detail: string
  reason: string
  client_ip: string
}

export interface SetupLinkTable {
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
  ent_id: string | null
}

export interface StaffTables {
  staff_members: StaffMemberTable
  staff_devices: StaffDeviceTable
  staff_sessions: StaffSessionTable
  audit_log: AuditLogTable
  setup_links: SetupLinkTable
}
