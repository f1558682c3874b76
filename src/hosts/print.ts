/**
 * Printing a page (issue 17: the receipt). Mini-programs cannot print: their hosts have no print
 * call, so the receipt offers no Print button there (a screenshot does the job). H5 has its own
 * module, ./print.h5.ts, which Taro picks for the H5 build.
 */

/** Whether this host can print the page. */
export const canPrint = (): boolean => false

/** Prints the page as it is (its print styles hide the app's chrome). */
export function printPage(): void {
  // Nothing to do where nothing prints (canPrint() is false).
}
