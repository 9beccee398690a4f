import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

interface Props {
  children: ReactNode;
  resetKey?: string;
  /** Told of each error caught (the app sends it to main's log). */
  onError?: (error: Error, componentStack: string | null | undefined) => void;
}

/** A screen that fails shows what happened and a way back, never a blank window; the data is untouched. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="screen">
        <div className="banner error" role="alert">
          <strong>This screen hit an unexpected error.</strong> Your data is safe: nothing was saved half-way.
          <div className="mono" style={{ marginTop: 6 }}>
            {this.state.error.message}
          </div>
          <button type="button" className="btn small" style={{ marginTop: 8 }} onClick={() => this.setState({ error: null })}>
            Try again
          </button>
        </div>
      </section>
    );
  }
}
