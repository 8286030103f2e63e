import { describe, expect, it } from 'vitest';
import { ocrLanguageLabel, ocrLanguageOptions } from './ocrLanguages';

describe('ocrLanguageOptions', () => {
  it('offers automatic, named languages first, others by code, then English + Arabic', () => {
    expect(ocrLanguageOptions(['ara', 'eng', 'zul', 'chi_sim', 'ell'], '')).toEqual([
      { value: '', label: 'Automatic (from each scan)' },
      { value: 'eng', label: 'English' },
      { value: 'ara', label: 'Arabic' },
      { value: 'chi_sim', label: 'Chinese (simplified)' },
      { value: 'ell', label: 'ell' },
      { value: 'zul', label: 'zul' },
      { value: 'eng+ara', label: 'English + Arabic' },
    ]);
  });

  it('offers English + Arabic only when both are installed', () => {
    expect(ocrLanguageOptions(['eng', 'fra'], '').map((o) => o.value)).toEqual(['', 'eng', 'fra']);
    expect(ocrLanguageOptions([], '').map((o) => o.value)).toEqual(['']);
  });

  it('keeps a current language that is not installed', () => {
    expect(ocrLanguageOptions(['eng'], 'ara+eng').at(-1)).toEqual({ value: 'ara+eng', label: 'Arabic + English' });
    expect(ocrLanguageOptions(['eng'], 'eng')).toHaveLength(2);
  });

  it('names languages by their human names', () => {
    expect(ocrLanguageLabel('chi_tra+deu+spa+rus')).toBe('Chinese (traditional) + German + Spanish + Russian');
    expect(ocrLanguageLabel('')).toBe('Automatic (from each scan)');
  });
});
