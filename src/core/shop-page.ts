/**
 * The customised shop page config (spec §3 "customised page config", §7 Common "customised shop
 * page config"; issue 23): how a shop arranges its diners' Home. The shop param ShopPageConfig
 * lists Home's sections in the order they show, comma-separated; a section left out is not
 * shown. The shop card (shop, branch, table, hours) always leads and the tab bar always ends.
 *
 *   notice       the shop's notice (shop param ShopNotice), when it has one
 *   order        "Order now"
 *   byNumber     "Order by number", beside "Order now" (where the list has both; its place in the list is not read)
 *   links        the branch's page, the table's order, another branch, other shops
 *   language     the language switch (it may move, not go), and choosing a table by hand where
 *                the branch has tables
 *   recommended  the shop's recommended goods (loaded after Home shows: what is below moves down)
 *
 * Without the param Home shows DEFAULT_HOME, which is Home as it was before the param.
 * The server checks a config when it is saved (ShopSave, a setup file: known names, each once,
 * "language" among them, "byNumber" only with "order") and stores it without spaces, so Home
 * only splits it (the diner's first screen carries no more code than that); an unknown name
 * there would show nothing.
 */
export const HOME_SECTIONS = ['notice', 'order', 'byNumber', 'links', 'language', 'recommended'] as const
export type HomeSection = (typeof HOME_SECTIONS)[number]

export const DEFAULT_HOME = 'order,byNumber,links,language,recommended'
