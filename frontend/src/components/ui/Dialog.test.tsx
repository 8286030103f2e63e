import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  it('closes on Escape even when focus has fallen out of it', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Audit" onClose={onClose}>
        <button type="button">Replay</button>
      </Dialog>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes only the topmost of two dialogs', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Dialog title="Outer" onClose={outer}>
          <p>outer</p>
        </Dialog>
        <Dialog title="Inner" onClose={inner}>
          <p>inner</p>
        </Dialog>
      </>,
    );
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Inner' }), { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
