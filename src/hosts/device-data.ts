/**
 * What the clear and browserPrompt pages ask of the device (issue 14), mini-programs: Taro's
 * storage, clipboard and relaunch. The H5 build takes device-data.h5.ts.
 */
import Taro from '@tarojs/taro'

/** Forgets everything this app keeps on the device. */
export function clearDeviceData(): void {
  try {
    Taro.clearStorageSync()
  } catch {
    // Nothing stored, or storage unavailable: nothing to forget.
  }
}

/** Starts the app again from the entry page. */
export function restartApp(entryRoute: string): void {
  void Taro.reLaunch({ url: entryRoute }).catch(() => undefined)
}

/** Copies text to the clipboard; false when the host refused. */
export function copyText(text: string): Promise<boolean> {
  return Taro.setClipboardData({ data: text })
    .then(() => true)
    .catch(() => false)
}
