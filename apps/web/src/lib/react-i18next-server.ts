// The server build's `react-i18next` (vite.config.ts points the app's imports here for SSR only).
// Its `useTranslation` builds, on every call, a fixed `t` and a copy of the i18next instance
// (every own property descriptor) to notice language changes; on the server no component lives
// past its render and an instance never changes language (one per locale, see entry-server.tsx),
// so one answer per instance serves every call: about a tenth of a render's time measured.
import { useContext } from 'react'
import { I18nContext, useTranslation as useTranslationReact } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'

export * from 'react-i18next'

type Answer = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean }
const answers = new WeakMap<I18n, Answer>()

export const useTranslation: typeof useTranslationReact = (
  ...args: Parameters<typeof useTranslationReact>
) => {
  const i18n = useContext(I18nContext)?.i18n
  // Namespaces, key prefixes or another language: the library's own hook (a call site always
  // takes the same branch, so the hooks' order holds).
  // eslint-disable-next-line react-hooks/rules-of-hooks
  if (!i18n || args.length > 0) return useTranslationReact(...args)
  let answer = answers.get(i18n)
  if (!answer) {
    // Most calls are a bare key: their text is looked up once per instance (its resources never
    // change on the server); calls with options (interpolation, plurals, defaults) go to i18next.
    const texts = new Map<string, string>()
    const t = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== 'string')
        return (i18n.t as unknown as (...a: unknown[]) => unknown)(key, ...rest)
      let text = texts.get(key)
      if (text === undefined) {
        text = i18n.t(key)
        texts.set(key, text)
      }
      return text
    }) as unknown as TFunction
    answer = Object.assign([t, i18n, true], { t, i18n, ready: true }) as Answer
    answers.set(i18n, answer)
  }
  return answer
}
