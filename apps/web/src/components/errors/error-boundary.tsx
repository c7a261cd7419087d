import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RenderErrorFallback } from './render-error-fallback';

type Props = {
  children: ReactNode;
  fallback?: (error: Error, reset: () => void) => ReactNode;
  /** When it changes (e.g. the page's path), a shown error is cleared and the children drawn again. */
  resetKey?: string;
};
type State = { error: Error | null };

/** Catches render failures below it and shows 'React Rendering Error' (docs/product.md §8). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('React Rendering Error', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = (): void => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(error, this.reset)
    ) : (
      <RenderErrorFallback error={error} onReset={this.reset} />
    );
  }
}
