import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/Button';
import './ErrorScreen.css';

export interface ErrorScreenProps {
  error: unknown;
  onRetry?: () => void;
  fullPage?: boolean;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** The friendly recovery screen an error boundary shows. */
export function ErrorScreen({ error, onRetry, fullPage = false }: ErrorScreenProps) {
  return (
    <div className={`error-screen${fullPage ? ' error-screen-full' : ''}`} role="alert">
      <div className="error-screen-card">
        <div className="error-screen-icon" aria-hidden="true">
          <TriangleAlert size={22} />
        </div>
        <h1 className="error-screen-title">Something went wrong</h1>
        <p className="error-screen-text">
          This view ran into an unexpected error. Your documents and settings are safe: they live in the Lexflow backend,
          not in this window.
        </p>
        <pre className="error-screen-detail">{describe(error)}</pre>
        <div className="error-screen-actions">
          {onRetry && (
            <Button onClick={onRetry} icon={<RotateCcw size={14} aria-hidden="true" />}>
              Try again
            </Button>
          )}
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      </div>
    </div>
  );
}
