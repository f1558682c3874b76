/**
 * What Taro's component types leave out and the H5 build passes on to the element: keyboard focus
 * (tabIndex), an ARIA role on any component (Taro types it on View only) and key presses (H5; the
 * mini-program hosts have no keyboard). Issue 13: every action is a focusable control with a name.
 */
import '@tarojs/components/types/common'

declare module '@tarojs/components/types/common' {
  interface StandardProps {
    tabIndex?: number
    role?: string
    onKeyDown?: (event: { key: string; shiftKey: boolean; currentTarget: unknown; target: unknown; preventDefault(): void }) => void
  }
}
