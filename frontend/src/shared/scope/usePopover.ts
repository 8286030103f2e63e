import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A toolbar popover's state: open or not, closed by a press outside its wrapper or by Escape
 * (which gives the focus back to its button, the wrapper's first).
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
    }
  };
  return { open, setOpen, ref, onKeyDown };
}
