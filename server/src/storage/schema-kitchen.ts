/** The kitchen's tables (migration 0021, issue 24); part of Database (./schema.ts). */
import type { Generated } from 'kysely'

export interface KitchenStationTable {
  station_id: string
  ent_id: string
  shop_id: string
  base_id: string
  name: string
  /** JSON arrays of ClassIDs and GoodsIDs (the per-goods override). */
  class_ids: Generated<string>
  goods_ids: Generated<string>
  alert_minutes: Generated<number>
  /** ESC/POS network printer ('' none), TCP port (9100). */
  printer_host: Generated<string>
  printer_port: Generated<number>
  sort: Generated<number>
  created_at: string
}

export interface KitchenTicketTable {
  ticket_id: string
  ent_id: string
  shop_id: string
  base_id: string
  /** '' the branch's implicit station. */
  station_id: Generated<string>
  order_id: string
  /** 'open' | 'bumped'. */
  status: Generated<string>
  created_at: string
  changed_at: string | null
  bumped_at: string | null
  bumped_by: Generated<string>
  acked_at: string | null
}

export interface KitchenTicketLineTable {
  order_id: string
  line_no: number
  ticket_id: string
  /** What the ledger sums to, in the line's stepper unit. */
  qua: string
  /** Before the last change ('' never changed). */
  prev_qua: Generated<string>
  changed_at: string | null
  done_at: string | null
}

export interface KitchenSendTable {
  order_id: string
  line_no: number
  seq: number
  delta: string
  /** 'sent' | 'raised' | 'lowered' | 'cancelled'. */
  reason: string
  at: string
}

export interface PrintJobTable {
  job_id: string
  ent_id: string
  ticket_id: string
  /** 'sent' | 'changed'. */
  kind: string
  /** 'waiting' | 'printing' | 'printed' | 'failed'. */
  state: Generated<string>
  not_before: string
  claimed_until: string | null
  tries: Generated<number>
  error: Generated<string>
  created_at: string
  printed_at: string | null
}

/** Migration 0033: a goods' preparation time per unit learned from bumps, per branch (docs/estimates.md). */
export interface KitchenPrepTimeTable {
  base_id: string
  goods_id: string
  ent_id: string
  /** The rolling figure in whole seconds. */
  prep_seconds: number
  samples: Generated<number>
  updated_at: string
}

/** Migration 0033: a branch's default preparation time and pickup-slot capacity (0 no limit). */
export interface KitchenEstimateSettingsTable {
  base_id: string
  ent_id: string
  shop_id: string
  default_prep_minutes: Generated<number>
  slot_capacity: Generated<number>
  updated_at: string
}

export interface KitchenTables {
  kitchen_prep_times: KitchenPrepTimeTable
  kitchen_estimate_settings: KitchenEstimateSettingsTable
  print_jobs: PrintJobTable
  kitchen_stations: KitchenStationTable
  kitchen_tickets: KitchenTicketTable
  kitchen_ticket_lines: KitchenTicketLineTable
  kitchen_sends: KitchenSendTable
}
