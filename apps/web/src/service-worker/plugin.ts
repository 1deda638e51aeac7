// Build step of the service worker, the offline pages and the web app manifest (spec §4, §7):
// runs in the client build only. It emits, next to the build's assets in dist/client:
// - sw.js: sw.ts compiled, with this build's precache list and version (a hash of every file name
//   of the build, which carry content hashes), served at /sw.js by the casino;
// - offline/<locale>.html: the "You are offline" page in each interface language, styled like the
//   app, without scripts (its "Try again" is a plain link to the address that failed);
// - manifest.webmanifest: name from the brand, icons from public/icons (rendered from the logo by
//   scripts/render-icons.ts), served at /manifest.webmanifest.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { transformWithOxc, type Plugin } from 'vite'

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../../packages/shared/src/locales')
const LOGO = path.resolve(import.meta.dirname, '../assets/logo-mark.svg')
const SOURCE = path.resolve(import.meta.dirname, 'sw.ts')
const BASE = '/dist/'
const FALLBACK_LOCALE = 'en'
const THEME = '#0b0f1a'
export const ICONS = [
  { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
]

interface Messages {
  common: { brand: string }
  offline: { title: string; text: string; retry: string }
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

export function offlinePage(locale: string, messages: Messages, logo: string): string {
  const { title, text, retry } = messages.offline
  const brand = messages.common.brand
  return `<!doctype html>
<html lang="${escape(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${THEME}">
<meta name="color-scheme" content="dark">
<meta name="robots" content="noindex">
<title>${escape(title)} – ${escape(brand)}</title>
<style>
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;background:${THEME};color:#e8ecf5;font:16px/1.55 Inter,'Segoe UI',system-ui,-apple-system,Roboto,'Helvetica Neue',Arial,sans-serif;-webkit-font-smoothing:antialiased}
main{max-width:440px;width:100%;padding:32px 24px;text-align:center;background:#141a2b;border:1px solid #232d45;border-radius:18px}
svg{width:64px;height:64px}
h1{margin:16px 0 8px;font-size:1.5rem;line-height:1.25;color:#f5c451}
p{margin:0 0 24px;color:#a9b3c9}
a{display:inline-block;min-height:44px;padding:10px 24px;border-radius:999px;background:#f5c451;color:#1a1304;font-weight:700;text-decoration:none}
a:hover{background:#ffd978}
a:focus-visible{outline:3px solid #ffe394;outline-offset:3px}
</style>
</head>
<body>
<main>
${logo}
<h1>${escape(title)}</h1>
<p>${escape(text)}</p>
<a href="">${escape(retry)}</a>
</main>
</body>
</html>
`
}

export function webManifest(brand: string) {
  return {
    id: '/',
    name: brand,
    short_name: brand.split(' ')[0],
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: THEME,
    theme_color: THEME,
    icons: ICONS.map((icon) => ({ ...icon, src: `${BASE}${icon.src}` })),
  }
}

export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'aurum-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return
      const locales = fs
        .readdirSync(LOCALES_DIR)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -'.json'.length))
        .sort()
      const logo = fs
        .readFileSync(LOGO, 'utf8')
        .replace(/role="img" aria-label="[^"]*"/, 'aria-hidden="true" focusable="false"')
      const offline: Record<string, string> = {}
      for (const locale of locales) {
        const messages = JSON.parse(
          fs.readFileSync(path.join(LOCALES_DIR, `${locale}.json`), 'utf8'),
        ) as Messages
        const fileName = `offline/${locale}.html`
        this.emitFile({ type: 'asset', fileName, source: offlinePage(locale, messages, logo) })
        offline[locale.toLowerCase()] = `${BASE}${fileName}`
      }
      offline[''] = offline[FALLBACK_LOCALE]!
      const en = JSON.parse(
        fs.readFileSync(path.join(LOCALES_DIR, `${FALLBACK_LOCALE}.json`), 'utf8'),
      ) as Messages
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: JSON.stringify(webManifest(en.common.brand), null, 2),
      })

      // The shell: the entry's scripts and styles (what every page loads first).
      const shell = new Set<string>()
      const visit = (fileName: string) => {
        const chunk = bundle[fileName]
        if (!chunk || chunk.type !== 'chunk' || shell.has(fileName)) return
        shell.add(fileName)
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css)
        chunk.imports.forEach(visit)
      }
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName)
      const precache = [
        ...[...shell].sort().map((f) => `${BASE}${f}`),
        ...Object.values(offline).filter((url, i, all) => all.indexOf(url) === i),
        `${BASE}${ICONS[0]!.src}`,
      ]
      const source = fs.readFileSync(SOURCE, 'utf8')
      const version = crypto
        .createHash('sha256')
        .update(source)
        .update(Object.keys(bundle).sort().join('\n'))
        .update(precache.join('\n'))
        .digest('hex')
        .slice(0, 16)
      const compiled = (await transformWithOxc(source, SOURCE, { lang: 'ts' })).code
      const config = JSON.stringify({ version, precache, offline })
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `"use strict";\n(() => {\nconst AURUM_SW = ${config};\n${compiled}})();\n`,
      })
    },
  }
}
