/**
 * First answers (issue 28 item 2): the HTML the server sends for an entry URL (a table's or a
 * counter's code) carries the gateway's answers to the calls the entry page and Home make first,
 * so the first screen does not wait for those round trips one after another
 * (server/src/http/first-screen.ts writes them; src/hosts/first-answers.h5.ts answers from them).
 *
 * An answer is found by the operation and its first record, without the two fields that only
 * label the caller (AppName, UserID), keys in order, so the server need not know how the app
 * names itself. Shared by both sides so they agree.
 */

/** The id of the `<script type="application/json">` element holding the answers. */
export const FIRST_ANSWERS_ID = 'so-first'

/**
 * Where index.html's first script asks for a reload's first answers (GET, with `page` and the
 * stored entry's QRCode, TableID, BaseID or ShopID): JSON, a FirstScreen.
 */
export const FIRST_ANSWERS_PATH = '/first-answers'

/** A picture the page shows first, to preload as the page's <img> will ask for it. */
export interface FirstPicture {
  href: string
  /** '' when the picture has no variants (then `href` is loaded). */
  srcset: string
  sizes: string
}

/** A page's first answers (keyed by firstAnswerKey), the language they are in, and its first pictures. */
export interface FirstScreen {
  locale: string
  answers: Record<string, unknown>
  pictures: FirstPicture[]
}

/** How long after the page's start the answers may stand in for a call (ms): only the first screen's calls. */
export const FIRST_ANSWERS_MS = 60000

export function firstAnswerKey(operation: string, record: Record<string, unknown>): string {
  return operation + JSON.stringify(Object.keys(record).sort().filter((k) => k !== 'AppName' && k !== 'UserID').map((k) => [k, record[k]]))
}

/** Home's recommendations come 20 to a page (the menu store asks for the first page; the server answers it ahead). */
export const HOME_PAGE_SIZE = 20
