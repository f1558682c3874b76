/** The kitchen's staff operations (issue 24 item 2), spread into the staff registry. */
export const KITCHEN_REGISTRY = {}
