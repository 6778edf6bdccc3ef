/**
 * Toast notifications: one at a time (spec section 9), default 5 s. A tiny external store so any
 * component or mutation callback can call toast() without prop drilling.
 */
import { useSyncExternalStore } from 'react';
import { TOAST } from '#core/constants';

interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  duration: number;
  action?: ToastAction;
  open: boolean;
}

type ToastInput = Omit<ToastItem, 'id' | 'variant' | 'duration' | 'open'> & Partial<Pick<ToastItem, 'variant' | 'duration'>>;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = { variant: 'default', duration: TOAST.defaultDurationMs, ...input, id, open: true };
  // Only TOAST.limit toasts at a time: the newest replaces the older ones.
  toasts = [item, ...toasts].slice(0, TOAST.limit);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Dismissed toasts are removed after a long delay so Radix can finish its exit animation.
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST.removeDelayMs);
}

/** Empties the toast area at once; tests call it so one test's toast never shows in the next. */
export function clearToasts(): void {
  toasts = [];
  emit();
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
