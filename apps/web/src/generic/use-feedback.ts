import { App, message as staticMessage, Modal } from 'antd';

/**
 * antd's message and confirm dialogs from the nearest `<App>` (so they follow the theme and
 * language of the ConfigProvider); outside one — a page rendered on its own — the static ones.
 */
export function useFeedback() {
  const app = App.useApp();
  const hasApp = typeof app.message.success === 'function';
  return {
    message: hasApp ? app.message : staticMessage,
    confirm: hasApp ? app.modal.confirm : Modal.confirm,
    warning: hasApp ? app.modal.warning : Modal.warning,
  };
}
