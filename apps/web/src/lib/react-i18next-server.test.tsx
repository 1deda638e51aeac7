import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createI18n } from './i18n.ts'
import { useTranslation } from './react-i18next-server.ts'

describe("the server build's useTranslation", () => {
  it('translates with the instance of the render, one answer per instance for every call', () => {
    const seen: unknown[] = []
    function Probe() {
      const translation = useTranslation()
      const { t, i18n, ready } = translation
      seen.push(translation)
      return (
        <p>{`${t('greeting', { name: 'Ada' })} ${i18n.language} ${String(ready)} ${translation[0]('greeting', { name: 'Bo' })} ${t('plain')} ${t('plain')}`}</p>
      )
    }
    const de = createI18n('de', { de: { greeting: 'Hallo {{name}}', plain: 'Einfach' } })
    const fi = createI18n('fi', { fi: { greeting: 'Hei {{name}}', plain: 'Helppo' } })
    const html = (i18n: typeof de) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Probe />
          <Probe />
        </I18nextProvider>,
      )
    expect(html(de)).toBe('<p>Hallo Ada de true Hallo Bo Einfach Einfach</p>'.repeat(2))
    expect(html(fi)).toBe('<p>Hei Ada fi true Hei Bo Helppo Helppo</p>'.repeat(2))
    expect(seen[0]).toBe(seen[1])
    expect(seen[2]).not.toBe(seen[0])
  })
})
