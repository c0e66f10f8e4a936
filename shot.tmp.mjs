import { chromium } from '@playwright/test';
const [base, out, width, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
let i = 0;
for (const p of paths) { await page.goto(base + p); await page.waitForTimeout(300); await page.screenshot({ path: `${out}-${i++}.png`, fullPage: false }); }
await browser.close();
