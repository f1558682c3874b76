// Spec §2: scrolling disabled (the list scrolls inside the page).
export default definePageConfig({ disableScroll: true })
