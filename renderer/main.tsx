import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reportError, reportWindowErrors } from './app/error-reporting';
import { parsePrintHash, PrintView } from './features/review/print/PrintView';
import './app/styles.css';

// Uncaught errors and unhandled rejections of the page go to main's log (the screens' render errors: App's ErrorBoundary).
reportWindowErrors(window, reportError);

// The review report's print view (PDF export) opens by URL hash: index.html#print?project=…&page=A4
const printParams = parsePrintHash(window.location.hash);

createRoot(document.getElementById('root')!).render(<StrictMode>{printParams ? <PrintView params={printParams} /> : <App />}</StrictMode>);
