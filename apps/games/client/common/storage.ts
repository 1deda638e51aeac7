/**
 * localStorage for preferences only (sound); blocked storage (a third-party frame in a strict
 * browser throws on access) simply forgets them.
 */
export function readPreference(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writePreference(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Storage refused: the preference lasts for this page only.
  }
}
