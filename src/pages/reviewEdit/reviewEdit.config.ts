// The window's defaults (the page sets its title): nothing to add.
export default definePageConfig({})
