// Spec §2: order by number; the page does not scroll, its result list does.
export default definePageConfig({ navigationBarTitleText: '', disableScroll: true })
