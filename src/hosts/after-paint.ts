/**
 * Mini-programs and tests: runs `run` at once. Their code is installed, not downloaded, so nothing
 * started early shares the link with the first rows' pictures (H5: after-paint.h5.ts).
 */
export function afterPaint(run: () => void): void {
  run()
}
