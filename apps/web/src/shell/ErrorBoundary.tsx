import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Result } from 'antd';
import { useErrorLog } from '../stores/error-log.js';
import { i18next } from '../i18n/index.js';

interface State {
  failed: boolean;
}

/** Keeps a failing page from taking the whole workspace down, and records the error (spec §8). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    useErrorLog.getState().add({
      message: error.message,
      info: info.componentStack?.trim().split('\n')[0]?.trim() ?? 'React',
      url: location.href,
      stack: error.stack,
    });
  }

  override render() {
    if (this.state.failed) {
      return (
        <Result
          status="error"
          title={i18next.t('shell:errorLog.boundaryTitle')}
          subTitle={i18next.t('shell:errorLog.boundaryText')}
        />
      );
    }
    return this.props.children;
  }
}
