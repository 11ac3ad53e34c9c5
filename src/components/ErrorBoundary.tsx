import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** A new key (another page) clears the error. */
  resetKey?: unknown;
  /** What shows instead of children that threw, or whose code failed to load. */
  fallback: (error: unknown) => ReactNode;
  onError?: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: unknown;
}

/** React catches render errors only in a class component: this one turns them into `fallback`. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(
      'A part of the console failed:',
      error instanceof Error ? error.message : error,
      info.componentStack,
    );
    this.props.onError?.(error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}
