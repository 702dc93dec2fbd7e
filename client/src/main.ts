import { mount } from 'svelte';
import App from './App.svelte';
import './ui/theme.css';

mount(App, { target: document.getElementById('app')! });

// The service worker (src/sw/sw.ts) keeps the built app on the phone, so reloading the scoresheet without a
// connection still opens it. Only the build has one (the dev server serves sources), and only once the page is up,
// so the worker's downloads never compete with the first screen's.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (private mode, plain http on a LAN address): the app works as before, online only on reload.
    });
  });
}
