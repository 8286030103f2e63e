import { useId, type ReactNode } from 'react';

export interface SettingsPanelProps {
  title: string;
  /** What the section is for, under its title. */
  description: ReactNode;
  /** A button beside the title, e.g. "Add provider". */
  action?: ReactNode;
  children: ReactNode;
}

/** One section of the Settings page: its title and what it is for, then its content. */
export function SettingsPanel({ title, description, action, children }: SettingsPanelProps) {
  const headingId = useId();
  return (
    <section className="settings-panel" aria-labelledby={headingId}>
      <div className="settings-panel-header">
        <div>
          <h2 id={headingId} className="settings-panel-title">
            {title}
          </h2>
          <p className="settings-panel-description">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
