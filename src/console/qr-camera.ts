/**
 * Reading a QR code with the tablet's camera (the member code at the counter). Frames from
 * getUserMedia play in a <video>; a few times a second one is drawn into a canvas and decoded by the
 * browser's own BarcodeDetector where it reads QR codes (Chrome on Android, Safari 17+), else by
 * jsQR (a small, well-kept decoder in plain JS). Nothing leaves the device. A refused permission,
 * a missing camera or a page that is not secure (getUserMedia needs HTTPS or localhost) is told to
 * the caller, which keeps the typed field working.
 */
import jsQR from 'jsqr'

export type CameraProblem = 'denied' | 'unavailable' | 'insecure' | 'failed'

/** The browser as the scanner uses it (a test hands in a fake). */
export interface CameraEnv {
  isSecureContext: boolean
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'>
  BarcodeDetector?: BarcodeDetectorClass
  createCanvas(): HTMLCanvasElement
  setTimer(fn: () => void, ms: number): unknown
  clearTimer(timer: unknown): void
}

interface DetectedBarcode {
  rawValue: string
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>
}
export interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike
  getSupportedFormats?(): Promise<string[]>
}

/** Reads one frame: the code's text, or null when none is in it. */
export type FrameDecoder = (canvas: HTMLCanvasElement, context: CanvasRenderingContext2D) => Promise<string | null>

export function windowCameraEnv(win: Window): CameraEnv {
  return {
    isSecureContext: win.isSecureContext,
    mediaDevices: win.navigator.mediaDevices,
    BarcodeDetector: (win as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector,
    createCanvas: () => win.document.createElement('canvas'),
    setTimer: (fn, ms) => win.setTimeout(fn, ms),
    clearTimer: (timer) => win.clearTimeout(timer as number)
  }
}

/** jsQR on the canvas's pixels. */
export const jsQrDecoder: FrameDecoder = async (canvas, context) => {
  const image = context.getImageData(0, 0, canvas.width, canvas.height)
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null
}

/** The browser's BarcodeDetector when it reads QR codes, else jsQR. */
export async function chooseDecoder(env: Pick<CameraEnv, 'BarcodeDetector'>): Promise<{ kind: 'native' | 'jsqr'; decode: FrameDecoder }> {
  const Detector = env.BarcodeDetector
  if (Detector) {
    try {
      const formats = Detector.getSupportedFormats ? await Detector.getSupportedFormats() : ['qr_code']
      if (formats.includes('qr_code')) {
        const detector = new Detector({ formats: ['qr_code'] })
        return { kind: 'native', decode: async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null }
      }
    } catch {
      // A detector that cannot even say what it reads: jsQR instead.
    }
  }
  return { kind: 'jsqr', decode: jsQrDecoder }
}

/** What a getUserMedia failure means to the person at the counter. */
export function problemOf(error: unknown): CameraProblem {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : ''
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'DevicesNotFoundError') return 'unavailable'
  return 'failed'
}

export interface ScanHandlers {
  /** The camera shows and frames are being read. */
  onScanning(): void
  /** A code was read; the camera has stopped. */
  onCode(code: string): void
  onProblem(problem: CameraProblem): void
}

/** Frames read per second, at most: enough to feel instant, little enough for an old tablet. */
const FRAME_MS = 200

/**
 * Starts the back camera into `video` and reads frames until a code is found or stop() is called.
 * Resolves with stop (also safe to call after a code or a problem).
 */
export async function startScan(video: HTMLVideoElement, env: CameraEnv, handlers: ScanHandlers): Promise<() => void> {
  let stopped = false
  let stream: MediaStream | null = null
  let timer: unknown = null
  const stop = () => {
    stopped = true
    if (timer !== null) env.clearTimer(timer)
    timer = null
    stream?.getTracks().forEach((track) => track.stop())
    stream = null
    video.srcObject = null
  }
  if (!env.mediaDevices?.getUserMedia) {
    handlers.onProblem(env.isSecureContext ? 'unavailable' : 'insecure')
    return stop
  }
  try {
    stream = await env.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
  } catch (error) {
    handlers.onProblem(problemOf(error))
    return stop
  }
  if (stopped) {
    stop()
    return stop
  }
  video.srcObject = stream
  video.setAttribute('playsinline', '')
  video.muted = true
  try {
    await video.play()
  } catch {
    // Autoplay of a muted inline video is allowed; a refusal still leaves frames to read.
  }
  const decoder = await chooseDecoder(env)
  const canvas = env.createCanvas()
  const context = canvas.getContext('2d', { willReadFrequently: true } as CanvasRenderingContext2DSettings)
  if (!context) {
    stop()
    handlers.onProblem('failed')
    return stop
  }
  handlers.onScanning()
  const tick = async () => {
    timer = null
    if (stopped) return
    const width = video.videoWidth
    const height = video.videoHeight
    if (width > 0 && height > 0) {
      // At most 640 px wide: plenty for a code held up to the camera, cheap to read.
      const scale = Math.min(1, 640 / width)
      canvas.width = Math.round(width * scale)
      canvas.height = Math.round(height * scale)
      context.drawImage(video, 0, 0, canvas.width, canvas.height)
      let code: string | null = null
      try {
        code = await decoder.decode(canvas, context)
      } catch {
        code = null
      }
      if (stopped) return
      if (code) {
        stop()
        handlers.onCode(code.trim())
        return
      }
    }
    timer = env.setTimer(() => void tick(), FRAME_MS)
  }
  timer = env.setTimer(() => void tick(), FRAME_MS)
  return stop
}
