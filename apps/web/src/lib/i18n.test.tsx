import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Messages } from '@aurum/shared/i18n'
import { createI18n } from './i18n.ts'
import { I18nProvider, Trans, useTranslation } from './translation.tsx'

const en: Messages = {
  common: { brand: 'Aurum', hello: 'Hello {{name}}, {{missing}}' },
  countdown: { days_one: '{{count}} day', days_other: '{{count}} days' },
  only_en: 'English only',
  legal: { terms: 'Accept the <terms>terms</terms> and <policy>policy</policy>.' },
}
const enAU: Messages = { common: { brand: 'Aurum AU' } }
const frCA: Messages = {
  countdown: { days_one: '{{count}} jour', days_many: '{{count}} de jours', days_other: '{{count}} jours' },
}

describe('createI18n', () => {
  it('looks keys up through the language, then its fallback, then gives the key', () => {
    const { t, language } = createI18n('en-AU', { 'en-AU': enAU, en })
    expect(language).toBe('en-AU')
    expect(t('common.brand')).toBe('Aurum AU')
    expect(t('only_en')).toBe('English only')
    expect(t('nope.nothing')).toBe('nope.nothing')
    expect(t('nope.nothing', { defaultValue: 'PENDING' })).toBe('PENDING')
    // a key naming a group of keys is not a text
    expect(t('common')).toBe('common')
  })

  it('fills in values and leaves unknown placeholders as written', () => {
    const { t } = createI18n('en', { en })
    expect(t('common.hello', { name: 'Ann', n: 1 })).toBe('Hello Ann, {{missing}}')
  })

  it('picks plural forms by the CLDR rules of the language that has the text', () => {
    const fr = createI18n('fr-CA', { 'fr-CA': frCA, en })
    expect(fr.t('countdown.days', { count: 1 })).toBe('1 jour')
    expect(fr.t('countdown.days', { count: 0 })).toBe('0 jour')
    expect(fr.t('countdown.days', { count: 2 })).toBe('2 jours')
    expect(fr.t('countdown.days', { count: 1_000_000 })).toBe('1000000 de jours')
    const ja = createI18n('ja', { ja: {}, en })
    // ja has no text: English with English rules
    expect(ja.t('countdown.days', { count: 1 })).toBe('1 day')
    expect(ja.t('countdown.days', { count: 3 })).toBe('3 days')
  })
})

describe('Trans and useTranslation', () => {
  it('renders the elements named in the text around their translated words', () => {
    const i18n = createI18n('en', { en })
    function Lang() {
      const { i18n: current } = useTranslation()
      return <i>{current.language}</i>
    }
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <Trans i18nKey="legal.terms" components={{ terms: <a href="/terms" />, policy: <b /> }} />
        <Lang />
      </I18nProvider>,
    )
    expect(html).toBe('Accept the <a href="/terms">terms</a> and <b>policy</b>.<i>en</i>')
  })
})
