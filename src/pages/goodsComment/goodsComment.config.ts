export default definePageConfig({ navigationBarTitleText: '', onReachBottomDistance: 120 })
