// Notifications: any code calls toast.success / toast.error; <Toaster/> shows them.

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
}

type Listener = () => void;

export class ToastStore {
  private toasts: Toast[] = [];
  private listeners = new Set<Listener>();
  private timers = new Map<number, ReturnType<typeof setTimeout>>();
  private nextId = 1;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): Toast[] => this.toasts;

  show(kind: ToastKind, title: string, description?: string): number {
    const id = this.nextId++;
    this.toasts = [...this.toasts, { id, kind, title, ...(description ? { description } : {}) }].slice(-4);
    this.timers.set(id, setTimeout(() => this.dismiss(id), kind === 'error' ? 8000 : 4500));
    this.emit();
    return id;
  }

  dismiss(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    const next = this.toasts.filter((t) => t.id !== id);
    if (next.length === this.toasts.length) return;
    this.toasts = next;
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((l) => l());
  }
}

export const toastStore = new ToastStore();

export const toast = {
  success: (title: string, description?: string) => toastStore.show('success', title, description),
  error: (title: string, description?: string) => toastStore.show('error', title, description),
  info: (title: string, description?: string) => toastStore.show('info', title, description),
  dismiss: (id: number) => toastStore.dismiss(id),
};
