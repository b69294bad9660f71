import { Component, type ReactNode } from 'react';
import { PlainEditor } from './PlainEditor.tsx';

/** If Monaco's chunk fails to load, editing goes on in the plain textarea. */
export class EditorErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('DiffLab: the code editor could not load, using a plain text area', error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? <PlainEditor /> : this.props.children;
  }
}
