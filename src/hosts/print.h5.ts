/**
 * Printing on H5 (issue 17: the receipt): the browser's own print dialog. Imported only by the
 * receipt page, so the first screen does not carry it. Mini-programs use ./print.ts.
 */

export const canPrint = (): boolean => typeof window !== 'undefined' && typeof window.print === 'function'

export function printPage(): void {
  if (canPrint()) window.print()
}
