import { useRef, type KeyboardEvent } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useThemePreference, type ThemePreference } from './theme';
import './ThemeToggle.css';

const options: { value: ThemePreference; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** System / Light / Dark, as a radio group (arrow keys move between the options). */
export function ThemeToggle() {
  const [pref, setPref] = useThemePreference();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + options.length) % options.length;
    setPref(options[next]!.value);
    refs.current[next]?.focus();
  };

  return (
    <div className="theme-toggle" role="radiogroup" aria-label="Theme">
      {options.map(({ value, label, icon: Icon }, i) => (
        <button
          key={value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={pref === value}
          aria-label={label}
          title={label}
          tabIndex={pref === value ? 0 : -1}
          className="theme-toggle-option"
          onClick={() => setPref(value)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          <Icon size={14} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
