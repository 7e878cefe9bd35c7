/**
 * antd's component styles as one prebuilt stylesheet (`antd/dist/antd.css`), with antd in its
 * zero-runtime mode (`zeroRuntime` in AppProviders): no component builds and hashes its style
 * objects while it renders, which was a large share of every screen's first render and of a tab
 * switch. The theme (colour, dark mode, size) still reaches the components through antd's CSS
 * variables, which the ConfigProvider writes.
 *
 * The sheet goes first in <head>, before the app's own styles, where antd's runtime styles used to
 * go: a rule of the app's wins over antd's of the same specificity, whatever order the chunks load in.
 * It is fetched with the workspace (the login page does not load it) and the antd root renders only
 * once it has arrived, so no screen is ever shown unstyled.
 */
import href from 'antd/dist/antd.css?url';

let loading: Promise<void> | undefined;

export function loadAntdStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      // a later navigation tries again
      loading = undefined;
      link.remove();
      reject(new Error(`antd's stylesheet did not load: ${href}`));
    };
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"], style'));
  });
  return loading;
}
