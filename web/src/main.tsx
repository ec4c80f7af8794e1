import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PrimeReactProvider } from 'primereact/api';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { AuthProvider } from './features/auth/AuthProvider.tsx';
import { App } from './app/App.tsx';
import { PRIME_REACT_OPTIONS, setItalianLocale } from './lib/primereact.ts';
import './theme-contrast.css';

setItalianLocale();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PrimeReactProvider value={PRIME_REACT_OPTIONS}>
      <BrowserRouter>
        <AuthProvider>
          <App />
        </AuthProvider>
      </BrowserRouter>
    </PrimeReactProvider>
  </StrictMode>,
);
