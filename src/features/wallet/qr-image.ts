/**
 * The member code as a QR image, drawn by the qrcode-generator library (not by hand): a GIF data
 * URI, which an <Image> shows on H5 and in both mini-programs alike (the library encodes base64
 * itself, so no browser API is needed).
 */
import qrcode from 'qrcode-generator'

/** Error correction M: a phone screen scanned by a shop's reader, a little glare allowed. */
export function qrImageUri(text: string, cellSize = 8, margin = 4): string {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  return qr.createDataURL(cellSize, margin)
}
