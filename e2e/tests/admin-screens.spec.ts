/**
 * Every administration screen opens from the server's menu path in Traditional Chinese and in
 * English, passes axe (0 serious/critical) and is photographed at desktop and phone sizes.
 */
import { test, type Lang } from '../fixtures/index.js';
import { ADMIN_SCREENS, adminShot, expectAccessible, openScreen, signIn } from './admin-helpers.js';

const LANGS: Lang[] = ['zh-TW', 'en'];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const lang of LANGS) {
  for (const size of SIZES) {
    test(`administration screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      for (const screen of ADMIN_SCREENS) {
        await openScreen(page, lang, screen);
        if (size.width === 1440) await expectAccessible(page);
        await adminShot(page, screen.name, lang);
      }
    });
  }
}
