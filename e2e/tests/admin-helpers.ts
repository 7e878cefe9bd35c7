/** Shared steps of the administration browser tests. */
import { expect as baseExpect, type Page } from '@playwright/test';
import { goInApp, t, type Lang } from '../fixtures/index.js';

// The machine these run on is shared and busy: give each step room.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The administration screens and the browser paths the server's menu gives them. */
export const ADMIN_SCREENS = [
  { name: 'staff', path: '/admin/list', title: 'shell:menu.admin.list' },
  { name: 'admin-log', path: '/admin/log', title: 'shell:menu.admin.log' },
  { name: 'power', path: '/power/list', title: 'shell:menu.power.list' },
  { name: 'power-staff', path: '/power/staffList', title: 'shell:menu.power.staffList' },
  { name: 'roles', path: '/role/list', title: 'shell:menu.role.list' },
  { name: 'stores', path: '/stores/list', title: 'admin:stores.title' },
  { name: 'access-ip', path: '/system/accessIps', title: 'admin:accessIps.title' },
  { name: 'login-list', path: '/system/loginList', title: 'shell:menu.system.loginList' },
  { name: 'system-log', path: '/system/log', title: 'shell:menu.system.log' },
] as const;

/** Opens a screen and waits until its table has answered (rows or the empty text). */
export async function openScreen(page: Page, lang: Lang, screen: { path: string; title: string }) {
  await goInApp(page, screen.path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: t(lang, screen.title) })).toBeVisible();
  // Pages visited before stay mounted but hidden (the shell's page cache): look at the shown one.
  await expect(main.locator('.ant-table-tbody:visible')).toHaveCount(1);
  await expect(main.locator('.ant-spin-spinning:visible')).toHaveCount(0);
  return main;
}

export { signIn, goInApp, expectScreenAccessible as expectAccessible } from '../fixtures/index.js';

/** A unique suffix so reruns against one database never collide on unique names. */
export const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

/**
 * A button's accessible name ending with `label`. Buttons with an icon read "plus Create" (the
 * icon's own label first), and antd spaces out two Chinese characters ("新 增").
 */
export function named(label: string): RegExp {
  const chars = [...label.replace(/\s+/g, '')].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${chars.join('\\s*')}\\s*$`);
}

/**
 * A form control's accessible name is its label, with antd's "*" of a required field in front and
 * the ":" of an inline form behind; this matches exactly that label and no longer one.
 */
export function label(text: string): RegExp {
  const body = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(\\*\\s*)?${body}\\s*:?$`);
}
