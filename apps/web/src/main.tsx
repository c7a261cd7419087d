import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { installGlobalErrorHandlers, showErrorBox } from './components/errors/global-error-box';
import { i18n } from './lib/i18n';

installGlobalErrorHandlers();

function start(): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) {
    showErrorBox(i18n.t('global.rootMissing'), new Error(i18n.t('global.rootMissing')));
    return;
  }
  try {
    createRoot(rootElement).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Application Startup Error', error);
    showErrorBox(i18n.t('global.startup'), error);
  }
}

start();
