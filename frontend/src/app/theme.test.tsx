import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_KEY, initTheme, readPreference } from './theme';
import { ThemeToggle } from './ThemeToggle';

function mockSystemDark(dark: boolean) {
  const listeners = new Set<() => void>();
  const mq = {
    matches: dark,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', vi.fn(() => mq));
  return {
    change(next: boolean) {
      mq.matches = next;
      listeners.forEach((l) => l());
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe('theme', () => {
  it('follows the system by default', () => {
    const sys = mockSystemDark(true);
    const stop = initTheme();
    expect(readPreference()).toBe('system');
    expect(document.documentElement.dataset.theme).toBe('dark');
    sys.change(false);
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
  });

  it('applies a stored preference over the system', () => {
    mockSystemDark(true);
    localStorage.setItem(THEME_KEY, 'light');
    initTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('the toggle offers System, Light and Dark and stores the choice', async () => {
    mockSystemDark(false);
    initTheme();
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');

    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('moves between options with the arrow keys', async () => {
    mockSystemDark(false);
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const system = screen.getByRole('radio', { name: 'System' });
    expect(system).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('radio', { name: 'Light' })).toHaveAttribute('tabindex', '-1');
    system.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
