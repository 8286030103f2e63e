import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { OCRLanguages } from '../../lib/api.gen';
import { Field } from '../../components/ui/Field';
import { ocrLanguageOptions } from './ocrLanguages';
import { useOCRLanguages } from '../../shared/library/queries';

export interface OCRLanguageFieldProps {
  /** A Tesseract language ("ara", "eng+ara"); "" for automatic. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The language a collection's scanned PDF pages are read in, chosen among those installed. */
export function OCRLanguageField({ value, onChange, error }: OCRLanguageFieldProps) {
  const ocr = useOCRLanguages();
  const options = ocrLanguageOptions(ocr.data?.languages ?? [], value);
  return (
    <Field label="OCR language for scanned PDFs" error={error} hint={hintFor(ocr)}>
      {(control) => (
        <select
          {...control}
          className="select"
          value={value}
          disabled={ocr.isPending || ocr.data?.installed === false}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function hintFor(ocr: UseQueryResult<OCRLanguages>): ReactNode {
  if (ocr.isError) return `The installed languages could not be listed: ${ocr.error.message}`;
  if (ocr.data?.installed === false) {
    return (
      <>
        Tesseract is not installed, so scans cannot be read. Install it with <code>{ocr.data.installCommand}</code>, then restart
        Lexflow.
      </>
    );
  }
  return 'Applies to documents added or re-indexed from now on.';
}
