import { LoaderCircle } from 'lucide-react';
import './Spinner.css';

export function Spinner({ size = 16, label }: { size?: number; label?: string }) {
  return (
    <span className="spinner" role={label ? 'status' : undefined} aria-label={label}>
      <LoaderCircle size={size} aria-hidden="true" />
    </span>
  );
}
