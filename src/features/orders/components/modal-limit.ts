/** Taro's showModal (and the mini-programs') refuses a button text longer than 4 Chinese / 8 Latin characters. */
export const MODAL_BUTTON_LIMIT = 8

/** Width of a button text as the hosts count it: CJK characters count twice. */
export const modalTextWidth = (text: string): number => text.replace(/[\u0391-\uFFE5]/g, 'aa').length
