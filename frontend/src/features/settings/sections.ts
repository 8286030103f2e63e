export type SettingsSection = 'providers' | 'defaults' | 'about';

/** The sections of the Settings page, in order; the first is where /settings leads. */
export const settingsSections: { id: SettingsSection; label: string }[] = [
  { id: 'providers', label: 'Providers' },
  { id: 'defaults', label: 'Defaults' },
  { id: 'about', label: 'About' },
];
