/**
 * The kitchen's staff operations and rows (issue 24; docs/live-service.md): the board, stations,
 * printing. Part of the staff contract (./staff-contract.ts spreads them in), kept in a file of
 * its own so the live service's parts can grow apart.
 */

export const KITCHEN_OPERATIONS = {
  KitchenBoardGet: 'A branch’s kitchen board: open tickets (of one station, or all for the expediter), the last bumped, all-day counts, the stations, and the live position to resume the staff stream from.',
  KitchenLineDone: 'Marks one line of a ticket done (or not done again).',
  KitchenTicketBump: 'Bumps a ticket off the board; when every ticket of an order is bumped the order is ready.',
  KitchenTicketRecall: 'Brings the last bumped ticket of a station (or the one named) back onto the board.',
  KitchenTicketAck: 'Someone heard the new or changed tickets: every board of the branch stops sounding for them.',
  KitchenTicketReprint: 'Prints a ticket again on its station’s printer.',
  KitchenStationList: 'A branch’s stations, with the classes and goods each cooks, alert timers and printers.',
  KitchenStationSave: 'Adds or changes a station.',
  KitchenStationRemove: 'Removes a station; its classes go back to the branch’s first station.',
  KitchenEstimateSettingsGet: 'A branch’s ready-time estimate settings (default preparation time, orders per 15-minute pickup slot) and the preparation times learned from bumps, goods by goods.',
  KitchenEstimateSettingsSave: 'Sets a branch’s default preparation time and its orders per 15-minute pickup slot (0 no limit).'
} as const
export type KitchenOperationName = keyof typeof KITCHEN_OPERATIONS

/** What changed on a line since the kitchen first saw it ('' nothing). */
export type KitchenLineChange = '' | 'raised' | 'lowered' | 'cancelled'

export interface KitchenTicketLineRow {
  LineNo: number
  GoodsID: string
  /** In the kitchen's language (the enterprise's KitchenLocale), whatever the diner ordered in. */
  GoodsName: string
  SkuName: string
  /** The unit Qua counts in: the pack unit on a pack line, else the goods' unit. */
  Unit: string
  /** What the kitchen is asked to make now (the line's sum in the sent-quantity ledger). */
  Qua: string
  /** Before the last change ('' never changed). */
  PrevQua: string
  Change: KitchenLineChange
  /** ISO time of the last change ('' none). */
  ChangedAt: string
  RemarkText: string
  AddOnText: string
  BomText: string
  Done: 0 | 1
  /**
   * The line's allergens: its goods', chosen sku values', add-ons' and combo picks' together, as
   * codes joined by ',' ('gluten,peanuts'; '' none; src/core/allergens.ts). The board and the
   * printout show them as words in the staff's or the kitchen's language. Absent from older servers: ''.
   */
  Allergens?: string
  /** The line's dietary marks the same way ('vegan,spicy2'): vegetarian, vegan, halal, alcohol, spicy1–spicy3. */
  Diets?: string
}

export interface KitchenTicketRow {
  TicketID: string
  ShopID: string
  BaseID: string
  /** '' the branch's only (implicit) station. */
  StationID: string
  StationName: string
  OrderID: string
  /** 'order' (prepay, sent when paid) | 'round' (a table bill's round, sent when placed). */
  Kind: string
  TableID: string
  /** The table's code ('A05'); '' for a counter order. */
  TableName: string
  PickupNo: string
  /** 'dine-in' | 'takeaway' | 'delivery' … as ordered. */
  ServiceType: string
  RoundNo: number
  /** The diner's typed remark for the whole order. */
  OrderRemarks: string
  Status: 'open' | 'bumped'
  /** ISO times; '' none. SentAt is when the kitchen first saw it (the timer counts from it). */
  SentAt: string
  ChangedAt: string
  BumpedAt: string
  AckedAt: string
  /** The station's alert timer: past it the ticket turns red. */
  AlertMinutes: number
  /**
   * Why the ticket's print failed for good (its latest print job is 'failed' after every retry:
   * docs/printing.md), '' while it printed, is printing or has no printer. A reprint that prints clears it.
   */
  PrintError: string
  Lines: KitchenTicketLineRow[]
}

export interface KitchenStationRow {
  StationID: string
  ShopID: string
  BaseID: string
  Name: string
  ClassIDs: string[]
  GoodsIDs: string[]
  AlertMinutes: number
  PrinterHost: string
  PrinterPort: number
  Sort: number
}

/** Goods on open tickets: what the station has to make in all (the "all day" count). */
export interface KitchenAllDayRow {
  GoodsID: string
  GoodsName: string
  Unit: string
  Qua: string
}

export interface KitchenOperationInputs {
  /** StationID absent or '*': every station (the expediter). */
  KitchenBoardGet: { BaseID: string; StationID?: string }
  KitchenLineDone: { TicketID: string; LineNo: number; Done: 0 | 1 }
  KitchenTicketBump: { TicketID: string }
  /** TicketID absent: the station's last bumped. */
  KitchenTicketRecall: { BaseID: string; StationID?: string; TicketID?: string }
  /** Comma-separated. */
  KitchenTicketAck: { BaseID: string; TicketIDs: string }
  KitchenTicketReprint: { TicketID: string }
  KitchenStationList: { BaseID: string }
  /** StationID '' adds one. */
  KitchenStationSave: {
    BaseID: string
    StationID: string
    Name: string
    /** Comma-separated ClassIDs and GoodsIDs (the per-goods override). */
    ClassIDs: string
    GoodsIDs: string
    AlertMinutes: number
    PrinterHost: string
    PrinterPort: number
    Sort: number
  }
  KitchenStationRemove: { StationID: string }
  KitchenEstimateSettingsGet: { BaseID: string }
  KitchenEstimateSettingsSave: { BaseID: string; DefaultPrepMinutes: number; SlotCapacity: number }
}

export interface KitchenOperationOutputs {
  /**
   * table4: the event position the board's staff stream resumes after, the kitchen's language, and
   * the server's clock when it answered (ISO-8601 UTC): a board times tickets by it, not the tablet's.
   */
  KitchenBoardGet: { table1: KitchenTicketRow[]; table2: KitchenAllDayRow[]; table3: KitchenStationRow[]; table4: { Position: number; KitchenLocale: string; ServerTime: string }[] }
  KitchenLineDone: { table1: KitchenTicketRow[] }
  KitchenTicketBump: { table1: KitchenTicketRow[] }
  KitchenTicketRecall: { table1: KitchenTicketRow[] }
  KitchenTicketAck: { table1: { Acked: number }[] }
  KitchenTicketReprint: { table1: { Printed: boolean; Error: string }[] }
  KitchenStationList: { table1: KitchenStationRow[] }
  KitchenStationSave: { table1: KitchenStationRow[] }
  KitchenStationRemove: { table1: { Removed: boolean }[] }
  KitchenEstimateSettingsGet: { table1: KitchenEstimateSettingsRow[]; table2: KitchenPrepTimeRow[] }
  KitchenEstimateSettingsSave: { table1: KitchenEstimateSettingsRow[] }
}

/** A branch's ready-time estimate settings (docs/estimates.md). */
export interface KitchenEstimateSettingsRow {
  BaseID: string
  /** Minutes per unit of a goods never bumped yet. */
  DefaultPrepMinutes: number
  /** Orders per 15-minute pickup slot; 0 no limit. */
  SlotCapacity: number
}

/** A goods' preparation time learned from bumps at the branch. */
export interface KitchenPrepTimeRow {
  GoodsID: string
  /** Minutes per unit, one decimal. */
  PrepMinutes: number
  /** Bumps it has learned from. */
  Samples: number
  UpdatedAt: string
}
