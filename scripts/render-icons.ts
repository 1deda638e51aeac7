// Renders the app icons (web app manifest, apple-touch-icon) from the logo, apps/web/src/assets/
// logo-mark.svg, with Debian's Chromium: `npx tsx scripts/render-icons.ts`. The PNGs are committed in
// apps/web/public/icons; run again after a change of the logo.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'apps/web/public/icons')
const logo = await fs.readFile(path.join(root, 'apps/web/src/assets/logo-mark.svg'), 'utf8')
const BACKGROUND = '#0b0f1a'

/** `padding` is the share of the side left around the logo; a background fills the square when given. */
const ICONS = [
  { file: 'icon-192.png', size: 192, padding: 0.04, background: null },
  { file: 'icon-512.png', size: 512, padding: 0.04, background: null },
  // Maskable: the logo inside the central safe zone (a circle of 80 % of the side), full-bleed background.
  { file: 'icon-maskable-512.png', size: 512, padding: 0.2, background: BACKGROUND },
  // iOS puts its own rounded corners on an opaque square.
  { file: 'apple-touch-icon.png', size: 180, padding: 0.12, background: BACKGROUND },
]

await fs.mkdir(out, { recursive: true })
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-icons-'))
const context = await chromium.launchPersistentContext(dataDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
try {
  const page = await context.newPage()
  for (const icon of ICONS) {
    const inner = Math.round(icon.size * (1 - 2 * icon.padding))
    await page.setViewportSize({ width: icon.size, height: icon.size })
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:flex;align-items:center;justify-content:center;background:${icon.background ?? 'transparent'}">` +
        logo.replace(/width="64" height="64"/, `width="${inner}" height="${inner}"`) +
        '</body></html>',
    )
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: !icon.background })
    console.log(`${icon.file}: ${icon.size}x${icon.size}`)
  }
} finally {
  await context.close()
  await fs.rm(dataDir, { recursive: true, force: true })
}
