/**
 * The Kysely view of the database. Column types are the portable subset both SQLite and
 * PostgreSQL store the same way: text, integer, double precision. Conventions:
 *   - names: JSON text of a LocalizedText ({"zh-CN","zh-TW","en"});
 *   - flags (is_enable): integer 0/1;
 *   - instants (created_at, expires_at): ISO-8601 UTC text ('2025-01-31T08:00:00.000Z'),
 *     which sorts and compares correctly as text; shown to callers in the enterprise's
 *     wall clock instead.
 */

export interface EnterpriseTable {
  ent_id: string
  names: string
  created_at: string
}

export interface EnterpriseSettingTable {
  ent_id: string
  parm_id: string
  parm_value: string
}

export interface ShopTable {
  shop_id: string
  ent_id: string
  code: string
  names: string
  /** The shop user that web orders belong to. */
  user_id: string
  user_name: string
  user_code: string
  /** 2 normal shop, 5 business-district shop. */
  pos_type: number
  mina_app_id: string
  mina_id: string
  /** The shop's counter QR code (also a row of qr_codes). */
  qr_code: string
  address: string
  phone: string
  is_enable: number
}

export interface ShopParamTable {
  shop_id: string
  parm_id: string
  parm_value: string
}

export interface BaseTable {
  base_id: string
  ent_id: string
  shop_id: string
  code: string
  names: string
  business_mode: string
  cy_type: string
  weekday: string
  online_begin_time: string
  online_end_time: string
  begin_time: string
  end_time: string
  dtb_duration: number
  cooking_time_duration: number
  web_order_duration: number
  address: string
  phone: string
  /** Degrees; (0, 0) means the branch has no location. */
  lng: number
  lat: number
}

export interface BaseParamTable {
  base_id: string
  parm_id: string
  parm_value: string
}

export interface DiningTableTable {
  table_id: string
  ent_id: string
  shop_id: string
  base_id: string
  code: string
  names: string
  qr_code: string | null
}

export interface QrCodeTable {
  code: string
  ent_id: string
  shop_id: string
  base_id: string | null
  table_id: string | null
  expires_at: string | null
  is_enable: number
}

export interface TableSheetTable {
  sheet_id: string
  ent_id: string
  shop_id: string
  base_id: string
  table_id: string
  /** 0 open; at most one open sheet per table (partial unique index). */
  status: number
  created_at: string
}

export interface ServiceLinkTable {
  ent_id: string
  /** 'api' | 'h5' | 'image' */
  link_type: string
  /** Absolute, or relative to the request's origin ('/', '/files/'). */
  url: string
}

export interface FeedbackTable {
  fb_id: string
  ent_id: string
  user_id: string
  app_name: string
  fb_content: string
  fb_type: number
  client_ip: string
  created_at: string
}

export interface Database {
  enterprises: EnterpriseTable
  enterprise_settings: EnterpriseSettingTable
  shops: ShopTable
  shop_params: ShopParamTable
  bases: BaseTable
  base_params: BaseParamTable
  dining_tables: DiningTableTable
  qr_codes: QrCodeTable
  table_sheets: TableSheetTable
  service_links: ServiceLinkTable
  feedback: FeedbackTable
}
