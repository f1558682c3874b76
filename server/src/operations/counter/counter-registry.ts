/** Front-of-house staff operations (issue 24 item 3), spread into the staff registry. */
export const COUNTER_REGISTRY = {}
