import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// The suite shares two cores with the server tests: give findBy/waitFor room before calling a miss.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that the router and Radix use.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Radix Toast (swipe to dismiss) asks for pointer capture when a toast is clicked.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
