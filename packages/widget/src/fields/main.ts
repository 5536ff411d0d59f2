// Entry of /pay/fields.js (IIFE, built by packages/widget/vite.config.ts, served by the API).
import './fields.css';
import { applyPageTheme } from '../theme.ts';
import { startFieldsPage } from './fields-page.ts';

applyPageTheme(window);

const root = document.getElementById('kassa-fields');
if (root) startFieldsPage({ window, root, fetch: window.fetch.bind(window) });
