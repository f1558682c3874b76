/**
 * When a state change is drawn. Mini-programs and tests run React, whose own scheduler decides
 * (render-scheduling.h5.ts: the browser runs Preact, which is told to decide the same way).
 */
export function scheduleRendersLikeReact(): void {}
