/**
 * A short two-note chime made with the Web Audio API (no sound file to fetch; the CSP needs
 * nothing more): the pickup screen when a number is ready, the diner's H5 page when their order
 * is (live.h5.ts liveAlert, where the phone cannot vibrate). Browsers let a page make sound only
 * after a person interacted with it: `unlockChime()` from a tap's handler makes the audio context
 * there (iOS insists), and `playChime()` answers false when the browser does not allow it (yet).
 * Browsers only: src/hosts (H5) and src/pickup use it.
 */

type AudioContextClass = new () => AudioContext

let context: AudioContext | null = null

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }
  return w.AudioContext ?? w.webkitAudioContext ?? null
}

/** Makes (or wakes) the audio context; call it from a tap's handler. False where there is no Web Audio. */
export function unlockChime(): boolean {
  const Context = audioContextClass()
  if (!Context) return false
  try {
    context ??= new Context()
    if (context.state === 'suspended') void context.resume().catch(() => undefined)
    return true
  } catch {
    return false
  }
}

/** Whether the page may make sound now without a tap (a person has interacted with it). */
function mayStartAudio(): boolean {
  const activation = (navigator as unknown as { userActivation?: { hasBeenActive: boolean } }).userActivation
  return activation ? activation.hasBeenActive : false
}

/**
 * Plays the chime: two soft notes, about 0.8 s. False when it could not (no Web Audio, or the
 * browser does not allow sound before a tap).
 */
export function playChime(): boolean {
  if (!context) {
    if (!mayStartAudio() || !unlockChime()) return false
  }
  const ctx = context
  if (!ctx || ctx.state === 'closed') return false
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined)
  try {
    const start = ctx.currentTime + 0.02
    const notes: [number, number][] = [
      [880, 0],
      [1318.5, 0.28]
    ]
    for (const [frequency, offset] of notes) {
      const oscillator = ctx.createOscillator()
      const gain = ctx.createGain()
      oscillator.type = 'sine'
      oscillator.frequency.value = frequency
      gain.gain.setValueAtTime(0.0001, start + offset)
      gain.gain.exponentialRampToValueAtTime(0.35, start + offset + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.5)
      oscillator.connect(gain).connect(ctx.destination)
      oscillator.start(start + offset)
      oscillator.stop(start + offset + 0.55)
    }
    return ctx.state === 'running' || ctx.state === 'suspended'
  } catch {
    return false
  }
}
