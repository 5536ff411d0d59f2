import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { makeStore } from './app/store.ts';
import { tokensChanged } from './features/auth/auth-slice.ts';
import { onTokensChanged } from './lib/api-client.ts';
import { startColorMode } from './lib/color-mode.ts';

startColorMode();

const store = makeStore();
// The HTTP client replaces tokens (refresh, a token in a response); the session state follows it.
onTokensChanged((tokens) => store.dispatch(tokensChanged(tokens)));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
