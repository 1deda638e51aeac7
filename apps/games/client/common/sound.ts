import { readPreference, writePreference } from './storage.ts'

const KEY = 'aurum.games.sound'

export type Cue = 'click' | 'spin' | 'stop' | 'win' | 'bigwin' | 'chip' | 'card' | 'lose' | 'feature'

/** Notes of each cue: [frequency Hz, start s, length s, wave]. */
const CUES: Record<Cue, Array<[number, number, number, OscillatorType]>> = {
  click: [[880, 0, 0.04, 'square']],
  chip: [
    [1400, 0, 0.03, 'triangle'],
    [2100, 0.03, 0.03, 'triangle'],
  ],
  card: [[520, 0, 0.05, 'triangle']],
  spin: [
    [220, 0, 0.08, 'sawtooth'],
    [330, 0.06, 0.08, 'sawtooth'],
  ],
  stop: [[160, 0, 0.06, 'square']],
  lose: [
    [330, 0, 0.12, 'triangle'],
    [247, 0.12, 0.18, 'triangle'],
  ],
  win: [
    [523, 0, 0.1, 'triangle'],
    [659, 0.1, 0.1, 'triangle'],
    [784, 0.2, 0.18, 'triangle'],
  ],
  bigwin: [
    [523, 0, 0.12, 'square'],
    [659, 0.12, 0.12, 'square'],
    [784, 0.24, 0.12, 'square'],
    [1047, 0.36, 0.35, 'square'],
  ],
  feature: [
    [392, 0, 0.1, 'sawtooth'],
    [523, 0.1, 0.1, 'sawtooth'],
    [659, 0.2, 0.1, 'sawtooth'],
    [784, 0.3, 0.1, 'sawtooth'],
    [1047, 0.4, 0.3, 'sawtooth'],
  ],
}

/**
 * Synthesised blips (WebAudio, no files): off by default, the choice remembered in localStorage.
 * The audio context is created on the first cue after the player turned sound on (a user gesture).
 */
export class Sound {
  enabled = readPreference(KEY) === '1'
  private context: AudioContext | undefined

  toggle(): boolean {
    this.enabled = !this.enabled
    writePreference(KEY, this.enabled ? '1' : '0')
    if (this.enabled) this.play('click')
    return this.enabled
  }

  play(cue: Cue): void {
    if (!this.enabled) return
    try {
      this.context ??= new AudioContext()
      const ctx = this.context
      if (ctx.state === 'suspended') void ctx.resume()
      const now = ctx.currentTime
      for (const [frequency, start, length, wave] of CUES[cue]) {
        const osc = ctx.createOscillator()
        const gain = ctx.createGain()
        osc.type = wave
        osc.frequency.value = frequency
        gain.gain.setValueAtTime(0.0001, now + start)
        gain.gain.exponentialRampToValueAtTime(0.08, now + start + 0.01)
        gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
        osc.connect(gain).connect(ctx.destination)
        osc.start(now + start)
        osc.stop(now + start + length + 0.02)
      }
    } catch {
      // No audio device or WebAudio: the game is silent.
    }
  }
}
