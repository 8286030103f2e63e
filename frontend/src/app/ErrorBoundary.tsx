import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (e.g. the route), a caught error is cleared. */
  resetKey?: unknown;
  fullPage?: boolean;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, hasError: false, error: null };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Lexflow UI error', error, info.componentStack);
  }

  private reset = () => this.setState({ hasError: false, error: null });

  render(): ReactNode {
    if (this.state.hasError) return <ErrorScreen error={this.state.error} onRetry={this.reset} fullPage={this.props.fullPage} />;
    return this.props.children;
  }
}
