/**
 * Every administration screen opens from the server's menu path in Traditional Chinese and in
 * English, passes axe (0 serious/critical) and is photographed at desktop and phone sizes.
 */
import { expect, test, t, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { ADMIN_SCREENS, expectAccessible, named, openScreen, signIn } from './admin-helpers.js';

/** Screens whose drawer is photographed too, and the button that opens it. */
const DRAWERS: Partial<Record<(typeof ADMIN_SCREENS)[number]['name'], string>> = {
  staff: 'admin:resource.create',
  roles: 'admin:resource.create',
  'admin-log': 'admin:auditLog.view',
  'power-staff': 'admin:power.viewGrants',
};

const LANGS: Lang[] = ['zh-TW', 'en'];

for (const lang of LANGS) {
  for (const size of screenSizes(lang)) {
    test(`administration screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      for (const screen of ADMIN_SCREENS) {
        await openScreen(page, lang, screen);
        if (size.width === 1440) await expectAccessible(page);
        await shot(page, screen.name, { folder: 'admin' });
        // The forms and the detail drawer are screens too.
        const opener = DRAWERS[screen.name];
        if (opener) {
          await page.getByRole('button', { name: named(t(lang, opener)) }).filter({ visible: true }).first().click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0);
          // Let the slide-in finish so the picture shows the drawer, not its animation: antd's
          // motion classes (…-motion-right-enter, -appear) leave the panel and its mask when it ends.
          await expect(page.locator('.ant-drawer [class*="-enter"], .ant-drawer [class*="-appear"]')).toHaveCount(0);
          if (size.width === 1440) await expectAccessible(page, 'drawer');
          await shot(page, `${screen.name}-drawer`, { folder: 'admin' });
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
          // The mask fades out after the drawer: wait, or the next screen is read through it.
          await expect(page.locator('.ant-drawer-mask:visible, .ant-drawer-open')).toHaveCount(0);
          // Nor through a hover: the next page's button may sit where the pointer was.
          await page.mouse.move(1, 1);
        }
      }
    });
  }
}
