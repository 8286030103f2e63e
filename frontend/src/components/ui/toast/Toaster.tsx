import { useSyncExternalStore } from 'react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { toastStore, type ToastStore } from './toastStore';
import './Toaster.css';

const icons = { success: CircleCheck, error: CircleAlert, info: Info };

export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.snapshot);
  return (
    // The live region wraps the list, so the toasts stay list items (a role on the <ol> would unmake the list).
    <section className="toaster" aria-label="Notifications" role="status" aria-live="polite">
      <ol className="toaster-list">
        {toasts.map((t) => {
          const Icon = icons[t.kind];
          return (
            <li key={t.id} className={`toast toast-${t.kind}`}>
              <Icon className="toast-icon" size={16} aria-hidden="true" />
              <div className="toast-body">
                <p className="toast-title">{t.title}</p>
                {t.description && <p className="toast-description">{t.description}</p>}
              </div>
              <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => store.dismiss(t.id)}>
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
