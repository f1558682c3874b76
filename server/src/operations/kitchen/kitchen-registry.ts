/** The kitchen's staff operations (issue 24 item 2), spread into the staff registry. */
import KitchenBoardGet from './KitchenBoardGet'
import KitchenLineDone from './KitchenLineDone'
import KitchenTicketBump from './KitchenTicketBump'
import KitchenTicketRecall from './KitchenTicketRecall'
import KitchenTicketAck from './KitchenTicketAck'
import KitchenTicketReprint from './KitchenTicketReprint'
import KitchenStationList from './KitchenStationList'
import KitchenStationSave from './KitchenStationSave'
import KitchenStationRemove from './KitchenStationRemove'
import KitchenEstimateSettingsGet from './KitchenEstimateSettingsGet'
import KitchenEstimateSettingsSave from './KitchenEstimateSettingsSave'

export const KITCHEN_REGISTRY = {
  KitchenBoardGet,
  KitchenLineDone,
  KitchenTicketBump,
  KitchenTicketRecall,
  KitchenTicketAck,
  KitchenTicketReprint,
  KitchenStationList,
  KitchenStationSave,
  KitchenStationRemove,
  KitchenEstimateSettingsGet,
  KitchenEstimateSettingsSave
}
