// The window's defaults (no title until the page sets it): nothing to add to the H5 route table.
export default definePageConfig({})
