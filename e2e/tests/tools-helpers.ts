/** Shared steps of the calculator, default settings and holiday browser tests. */
export { signIn, goInApp, expectScreenAccessible as expectAccessible } from '../fixtures/index.js';

/**
 * A button's accessible name containing `label`: antd adds a space between two Chinese characters
 * ("匯 入") and the icon's own label comes first ("import Import"), so neither is anchored.
 */
export function btn(label: string): RegExp {
  const chars = [...label.replace(/\s+/g, '')].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(chars.join('\\s*'));
}
