// Spec §2: the ordering page does not scroll; its two lists scroll inside it.
export default definePageConfig({ navigationBarTitleText: '', disableScroll: true })
