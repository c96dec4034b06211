/**
 * Toasts for code outside React (the API client). The app registers antd's context-aware instance from
 * <App>; before that (and in unit tests) the static one is used.
 */
import { message as staticMessage } from 'antd';

export type Toaster = Pick<typeof staticMessage, 'error' | 'info' | 'success' | 'warning'>;

let current: Toaster = staticMessage;

export const registerToaster = (toaster: Toaster) => {
  current = toaster;
};

export const toast = (): Toaster => current;
