/**
 * The route the diner is on, with its query: where loginByCode sends them back to. Taro adds
 * its own keys to a page's params ($taroTimestamp, stamp); those are left out.
 */
import Taro from '@tarojs/taro'

export function currentRoute(): string {
  const router = Taro.getCurrentInstance().router
  if (!router?.path) return ''
  const [path] = router.path.split('?')
  const query = Object.entries(router.params ?? {})
    .filter(([k, v]) => !k.startsWith('$') && k !== 'stamp' && typeof v === 'string' && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  const bare = path.startsWith('/') ? path : `/${path}`
  return query ? `${bare}?${query}` : bare
}
