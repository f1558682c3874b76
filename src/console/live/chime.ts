/**
 * The kitchen board's chime: two short tones from the Web Audio API (an oscillator and a gain
 * envelope, no sound file). Browsers let a page make sound only after a person touched it, so
 * unlock() is called from the "Turn on sound" tap; it answers false where the browser has no Web
 * Audio.
 */
export interface Chime {
  /** Called from a tap: makes (or wakes) the audio context. False: this browser cannot play sounds. */
  unlock(): boolean
  play(): void
}

type AudioWindow = { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }

export function webAudioChime(win: AudioWindow = window as unknown as AudioWindow): Chime {
  let context: AudioContext | null = null
  const tone = (ctx: AudioContext, frequency: number, at: number, length: number) => {
    const oscillator = ctx.createOscillator()
    const gain = ctx.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.setValueAtTime(frequency, at)
    gain.gain.setValueAtTime(0.0001, at)
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
    oscillator.connect(gain)
    gain.connect(ctx.destination)
    oscillator.start(at)
    oscillator.stop(at + length + 0.05)
  }
  return {
    unlock() {
      const Ctor = win.AudioContext ?? win.webkitAudioContext
      if (!Ctor) return false
      try {
        const ctx = context ?? new Ctor()
        context = ctx
        void ctx.resume().catch(() => undefined)
        return true
      } catch {
        return false
      }
    },
    play() {
      const ctx = context
      if (!ctx) return
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined)
      const at = ctx.currentTime + 0.01
      // A rising pair: heard over a kitchen's noise, not mistaken for a phone.
      tone(ctx, 880, at, 0.35)
      tone(ctx, 1318.5, at + 0.22, 0.5)
    }
  }
}
