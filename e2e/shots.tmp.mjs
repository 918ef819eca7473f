import { chromium } from '@playwright/test';
const base = 'http://localhost:5055';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
const pages = process.argv.slice(2);
for (const [w,h,tag] of [[1366,900,'d'],[390,844,'m']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', tag, m.text()); });
  if (process.env.LOGIN) {
    await page.goto(base + '/signin');
    await page.locator('input[type=email]').fill(process.env.LOGIN);
    await page.locator('input[type=password]').fill('Fundry-Demo#2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/signin'), { timeout: 15000 });
  }
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const name = (process.env.LOGIN ? process.env.LOGIN.split('@')[0] + '-' : '') + (p.replace(/[^a-z0-9]+/gi, '_') || 'home') + '-' + tag + '.png';
    await page.screenshot({ path: '/tmp/shots/' + name, fullPage: tag === 'm' ? false : false });
    console.log('shot', name);
  }
  await ctx.close();
}
await browser.close();
