import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from '../components/status-screens'

/** Catches render errors outside the router's own error element. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack)
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children
  }
}
