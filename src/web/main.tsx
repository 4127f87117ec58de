// The self-hosted variable Inter (woff2 from our own origin, loaded per Unicode range as needed).
import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStoredAppearance } from './features/settings/lib/appearance';
import './index.css';

applyStoredAppearance();

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
