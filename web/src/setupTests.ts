import { cleanup, configure } from '@testing-library/react';
import { message, Modal, notification } from 'antd';

// findBy… and waitFor wait on what the page shows; the wait only bounds a hang, so it is generous enough for a
// loaded 2-core machine (issue 29).
configure({ asyncUtilTimeout: 8000 });

// jsdom lacks ResizeObserver, which antd's TextArea (showCount) and Steps observe.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in globalThis)) Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub });

// antd's responsive helpers need matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// Unmount after every test, including antd's static message and modal roots (their timers would render
// later), and let React's scheduler drain, so no render runs after jsdom is torn down.
afterEach(async () => {
  cleanup();
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 20));
});

// Lazy route chunks and antd's leave animations may still settle after the last test of a file.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
});
