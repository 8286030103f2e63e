// The choices of a collection's OCR language: Tesseract's language names, shown by their human names.

/** Human names of the Tesseract languages people here are most likely to have; others show their code. */
const NAMES: Record<string, string> = {
  eng: 'English',
  ara: 'Arabic',
  chi_sim: 'Chinese (simplified)',
  chi_tra: 'Chinese (traditional)',
  fra: 'French',
  deu: 'German',
  spa: 'Spanish',
  rus: 'Russian',
};

/** Combinations offered when every language in them is installed. */
const COMBINED = ['eng+ara'];

export interface OCRLanguageOption {
  value: string;
  label: string;
}

export const AUTOMATIC: OCRLanguageOption = { value: '', label: 'Automatic (from each scan)' };

/** "ara+eng" → "Arabic + English"; an unknown code stays as it is. */
export function ocrLanguageLabel(value: string): string {
  if (value === '') return AUTOMATIC.label;
  return value
    .split('+')
    .map((code) => NAMES[code] ?? code)
    .join(' + ');
}

/**
 * The select's options: Automatic, the installed languages (the named ones first, in the order above,
 * then the others by code), the combinations whose languages are all installed, and `current` when it
 * is none of those (set elsewhere, or its model since removed).
 */
export function ocrLanguageOptions(installed: readonly string[], current: string): OCRLanguageOption[] {
  const has = new Set(installed);
  const named = Object.keys(NAMES).filter((code) => has.has(code));
  const others = installed.filter((code) => !(code in NAMES)).sort();
  const combined = COMBINED.filter((value) => value.split('+').every((code) => has.has(code)));
  const values = [...named, ...others, ...combined];
  if (current !== '' && !values.includes(current)) values.push(current);
  return [AUTOMATIC, ...values.map((value) => ({ value, label: ocrLanguageLabel(value) }))];
}
