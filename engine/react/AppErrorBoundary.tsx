import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../core/errorReporting.ts';

export const APP_ERROR_TEXT = 'An error has occurred';

interface Props {
  children: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

/**
 * The top-level boundary: a rendering error that escapes everything shows a plain fallback and is
 * sent to error reporting.
 */
export class AppErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, 'error-boundary');
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    if (this.state.failed)
      return (
        <div className="fe-app-error" role="alert">
          {APP_ERROR_TEXT}
        </div>
      );
    return this.props.children;
  }
}
